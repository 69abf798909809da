//! Word lists and a small seeded random source for generated catalogues (public as
//! `vitrine_import::catalogue_words`: the search cost harness makes the same shapes).

pub const ADJECTIVES: [&str; 12] = [
    "Classic", "Modern", "Vintage", "Everyday", "Premium", "Rustic", "Urban", "Cozy", "Sporty",
    "Minimal", "Bold", "Handmade",
];
pub const MATERIALS: [&str; 8] = [
    "Cotton", "Wool", "Linen", "Leather", "Bamboo", "Ceramic", "Oak", "Steel",
];
pub const NOUNS: [&str; 12] = [
    "Hoodie", "T-Shirt", "Cap", "Beanie", "Scarf", "Mug", "Lamp", "Backpack", "Notebook",
    "Blanket", "Poster", "Bottle",
];
pub const COLOURS: [&str; 12] = [
    "Red", "Green", "Blue", "Yellow", "Gray", "Black", "White", "Pink", "Purple", "Orange",
    "Brown", "Navy",
];
pub const SIZES: [&str; 5] = ["Small", "Medium", "Large", "XL", "XXL"];
pub const TAGS: [&str; 6] = ["new", "gift", "eco", "limited", "bestseller", "sale"];
pub const CATEGORIES: [(&str, [&str; 4]); 8] = [
    (
        "Clothing",
        ["Tshirts", "Hoodies", "Accessories", "Outerwear"],
    ),
    ("Home", ["Lighting", "Textiles", "Decor", "Storage"]),
    ("Kitchen", ["Mugs", "Cookware", "Tableware", "Bottles"]),
    ("Outdoor", ["Camping", "Bags", "Garden", "Cycling"]),
    ("Stationery", ["Notebooks", "Pens", "Posters", "Cards"]),
    ("Toys", ["Puzzles", "Plush", "Games", "Blocks"]),
    ("Music", ["Albums", "Singles", "Vinyl", "Merch"]),
    ("Sports", ["Running", "Yoga", "Team", "Fitness"]),
];

/// SplitMix64: tiny, seeded, reproducible on every platform (benchmarks need the same file).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next_u64() % (high - low + 1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next_u64() % items.len() as u64) as usize]
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// `count` distinct items, in list order.
    pub fn subset<'a>(&mut self, items: &[&'a str], count: usize) -> Vec<&'a str> {
        let mut chosen: Vec<usize> = Vec::new();
        while chosen.len() < count.min(items.len()) {
            let i = (self.next_u64() % items.len() as u64) as usize;
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        chosen.sort_unstable();
        chosen.into_iter().map(|i| items[i]).collect()
    }
}

//! A small shop covering every visibility, status, price shape and taxonomy link.

use time::Duration;
use vitrine_domain::catalogue::fixtures::{CREATED_AT, simple_product, usd, variable_product};
use vitrine_domain::catalogue::{
    CatalogVisibility, CategoryId, Pricing, Product, ProductStatus, TagId,
};
use vitrine_domain::ports::CatalogueStore;

pub struct Shop {
    pub clothing: CategoryId,
    pub tshirts: CategoryId,
    pub hoodies: CategoryId,
    pub music: CategoryId,
    pub winter: TagId,
}

/// Listed in the shop (published, visible or catalog-only): 101, 102, 103, 104, 107, 109.
/// Hidden 105, search-only 106, draft 108.
pub async fn shop(store: &dyn CatalogueStore) -> Shop {
    let mut import = store.begin_import().await.expect("begin import");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("clothing");
    let tshirts = import
        .ensure_category(Some(clothing), "Tshirts")
        .await
        .expect("tshirts");
    let hoodies = import
        .ensure_category(Some(clothing), "Hoodies")
        .await
        .expect("hoodies");
    let music = import.ensure_category(None, "Music").await.expect("music");
    let winter = import.ensure_tag("Winter").await.expect("winter");

    let mut tee = variable_product(101, "Vneck Tee", &[(1011, 1800), (1012, 1500)]);
    tee.sku = Some("TEE-V".into());
    tee.variations[0].sku = Some("TEE-V-S".into());
    tee.featured = true;
    let mut hoodie = simple_product(103, "Hoodie", 4500);
    hoodie.pricing = Pricing {
        sale: Some(usd(4200)),
        ..hoodie.pricing
    };
    hoodie.description = "<p>Warm fleece, 100% cotton.</p>".into();
    hoodie.tags = vec![winter];
    let mut album = simple_product(104, "Album", 1500);
    album.short_description = "A VINYL record".into();
    let mut beanie = simple_product(105, "Beanie", 1800);
    beanie.visibility = CatalogVisibility::Hidden;
    beanie.featured = true;
    beanie.tags = vec![winter];
    let mut gift = simple_product(106, "Gift Card", 2500);
    gift.visibility = CatalogVisibility::Search;
    let mut poster = simple_product(107, "Poster", 900);
    poster.visibility = CatalogVisibility::Catalog;
    let mut scarf = simple_product(108, "Draft Scarf", 1000);
    scarf.status = ProductStatus::Draft;
    scarf.featured = true;
    let mut sticker = simple_product(109, "Sticker", 0);
    sticker.pricing = Pricing::default();

    let placed: [(Product, i64, Vec<CategoryId>); 9] = [
        (tee, 2, vec![tshirts]),
        (simple_product(102, "Polo", 2000), 1, vec![tshirts]),
        (hoodie, 0, vec![hoodies]),
        (album, 0, vec![music]),
        (beanie, 0, vec![clothing]),
        (gift, 0, vec![]),
        (poster, 0, vec![music]),
        (scarf, 0, vec![clothing]),
        (sticker, 0, vec![music]),
    ];
    for (mut product, menu_order, categories) in placed {
        // Created one day apart in id order, so "latest" is the reverse of the ids.
        product.created_at = CREATED_AT + Duration::days(product.id.0 - 100);
        product.menu_order = menu_order;
        product.categories = categories;
        import.upsert_product(&product).await.expect("seed product");
    }
    import.commit().await.expect("commit seed");
    Shop {
        clothing,
        tshirts,
        hoodies,
        music,
        winter,
    }
}

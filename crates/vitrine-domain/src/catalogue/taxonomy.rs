//! Product categories (a tree) and tags.

use serde::{Deserialize, Serialize};

use super::{CategoryId, Slug, TagId};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub id: CategoryId,
    pub parent: Option<CategoryId>,
    pub name: String,
    pub slug: Slug,
    pub description: String,
    pub position: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub id: TagId,
    pub name: String,
    pub slug: Slug,
}

/// All categories, navigable as a tree.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CategoryTree {
    categories: Vec<Category>,
}

impl CategoryTree {
    pub fn new(mut categories: Vec<Category>) -> Self {
        categories.sort_by(|a, b| (a.position, &a.name).cmp(&(b.position, &b.name)));
        Self { categories }
    }

    pub fn all(&self) -> &[Category] {
        &self.categories
    }

    pub fn get(&self, id: CategoryId) -> Option<&Category> {
        self.categories.iter().find(|c| c.id == id)
    }

    pub fn children(&self, parent: Option<CategoryId>) -> impl Iterator<Item = &Category> {
        self.categories.iter().filter(move |c| c.parent == parent)
    }

    /// Root-first chain of a category (Clothing → Tshirts).
    pub fn ancestry(&self, id: CategoryId) -> Vec<&Category> {
        let mut chain = Vec::new();
        let mut next = self.get(id);
        while let Some(c) = next {
            if chain.iter().any(|seen: &&Category| seen.id == c.id) {
                break; // a cycle in stored data must not hang a page
            }
            chain.push(c);
            next = c.parent.and_then(|p| self.get(p));
        }
        chain.reverse();
        chain
    }

    /// URL path segments: `["clothing", "tshirts"]` for /product-category/clothing/tshirts/.
    pub fn path(&self, id: CategoryId) -> Vec<&str> {
        self.ancestry(id)
            .into_iter()
            .map(|c| c.slug.as_str())
            .collect()
    }

    /// Resolves /product-category/{a}/{b}/ segments; every segment must chain.
    pub fn by_path(&self, segments: &[&str]) -> Option<&Category> {
        let mut parent = None;
        let mut found = None;
        for seg in segments {
            let c = self.children(parent).find(|c| c.slug.as_str() == *seg)?;
            parent = Some(c.id);
            found = Some(c);
        }
        found
    }

    /// The category and every category below it.
    pub fn with_descendants(&self, id: CategoryId) -> Vec<CategoryId> {
        let mut out = vec![id];
        let mut i = 0;
        while i < out.len() {
            let current = out[i];
            out.extend(
                self.children(Some(current))
                    .map(|c| c.id)
                    .filter(|c| *c != current),
            );
            i += 1;
            if out.len() > self.categories.len() + 1 {
                break;
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(id: i64, parent: Option<i64>, slug: &str) -> Category {
        Category {
            id: CategoryId(id),
            parent: parent.map(CategoryId),
            name: slug.to_uppercase(),
            slug: Slug::parse(slug).unwrap(),
            description: String::new(),
            position: 0,
        }
    }

    fn tree() -> CategoryTree {
        CategoryTree::new(vec![
            cat(1, None, "clothing"),
            cat(2, Some(1), "tshirts"),
            cat(3, Some(1), "hoodies"),
            cat(4, None, "music"),
        ])
    }

    #[test]
    fn a_child_category_resolves_from_its_full_path() {
        let t = tree();
        assert_eq!(
            t.by_path(&["clothing", "tshirts"]).map(|c| c.id),
            Some(CategoryId(2))
        );
        assert!(
            t.by_path(&["tshirts"]).is_none(),
            "a child is not reachable without its parent"
        );
        assert!(t.by_path(&["music", "tshirts"]).is_none());
        assert_eq!(t.path(CategoryId(2)), ["clothing", "tshirts"]);
    }

    #[test]
    fn a_parent_category_includes_its_descendants() {
        let ids = tree().with_descendants(CategoryId(1));
        assert_eq!(ids, [CategoryId(1), CategoryId(2), CategoryId(3)]);
    }
}

//! Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed nesting
//! (`metadata[order_id]=42`, `payment_method_types[0]=card`) and `true`/`false` booleans.

use std::collections::BTreeMap;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Form(Vec<(String, String)>);

impl Form {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn field(mut self, name: &str, value: impl ToString) -> Self {
        self.0.push((name.to_owned(), value.to_string()));
        self
    }

    pub fn optional(self, name: &str, value: Option<impl ToString>) -> Self {
        match value {
            Some(value) => self.field(name, value),
            None => self,
        }
    }

    /// Sent only when true (Stripe's defaults are false).
    pub fn flag(self, name: &str, on: bool) -> Self {
        if on { self.field(name, true) } else { self }
    }

    pub fn map(mut self, name: &str, entries: &BTreeMap<String, String>) -> Self {
        for (key, value) in entries {
            self.0.push((format!("{name}[{key}]"), value.clone()));
        }
        self
    }

    pub fn list(mut self, name: &str, items: &[&str]) -> Self {
        for (index, item) in items.iter().enumerate() {
            self.0.push((format!("{name}[{index}]"), (*item).to_owned()));
        }
        self
    }

    pub fn encode(&self) -> String {
        // Encoding a list of string pairs cannot fail.
        serde_urlencoded::to_string(&self.0).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_lists_and_booleans_are_encoded_as_stripe_reads_them() {
        let metadata = BTreeMap::from([
            ("order_id".to_owned(), "42".to_owned()),
            ("note".to_owned(), "a&b c".to_owned()),
        ]);
        let form = Form::new()
            .field("amount", 1099)
            .field("currency", "eur")
            .list("payment_method_types", &["card"])
            .flag("confirm", true)
            .flag("off_session", false)
            .optional("customer", None::<&str>)
            .map("metadata", &metadata);
        assert_eq!(
            form.encode(),
            "amount=1099&currency=eur&payment_method_types%5B0%5D=card&confirm=true\
             &metadata%5Bnote%5D=a%26b+c&metadata%5Border_id%5D=42"
        );
    }
}

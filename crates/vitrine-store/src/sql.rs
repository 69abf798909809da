//! A small SQL builder numbering `$n` placeholders, the one syntax both backends accept
//! (sqlx's `QueryBuilder` writes `?` for `Any`, which PostgreSQL rejects).

use sqlx::Any;
use sqlx::any::AnyArguments;
use sqlx::query::Query;

enum Bind {
    Int(i64),
    Text(String),
}

/// SQL text plus its bound values, in placeholder order.
#[derive(Default)]
pub(crate) struct Sql {
    text: String,
    binds: Vec<Bind>,
}

impl Sql {
    pub(crate) fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            binds: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    pub(crate) fn bind_int(&mut self, value: i64) -> &mut Self {
        self.binds.push(Bind::Int(value));
        self.placeholder()
    }

    pub(crate) fn bind_text(&mut self, value: impl Into<String>) -> &mut Self {
        self.binds.push(Bind::Text(value.into()));
        self.placeholder()
    }

    /// A comma-separated list for `IN (…)`; an empty list becomes `NULL`, which matches no row
    /// (`IN ()` is a syntax error in PostgreSQL).
    pub(crate) fn bind_ints(&mut self, values: impl IntoIterator<Item = i64>) -> &mut Self {
        let mut first = true;
        for value in values {
            if !first {
                self.text.push_str(", ");
            }
            first = false;
            self.bind_int(value);
        }
        if first {
            self.text.push_str("NULL");
        }
        self
    }

    pub(crate) fn query(&self) -> Query<'_, Any, AnyArguments<'_>> {
        self.binds
            .iter()
            .fold(sqlx::query(&self.text), |q, bind| match bind {
                Bind::Int(v) => q.bind(*v),
                Bind::Text(v) => q.bind(v.as_str()),
            })
    }

    fn placeholder(&mut self) -> &mut Self {
        self.text.push('$');
        self.text.push_str(&self.binds.len().to_string());
        self
    }
}

/// `%text%` for `LIKE … ESCAPE '\'`, with the caller's `%`, `_` and `\` matched literally.
pub(crate) fn contains_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_bind_order() {
        let mut sql = Sql::new("SELECT 1 WHERE a = ");
        sql.bind_int(1)
            .push(" AND b IN (")
            .bind_ints([2, 3])
            .push(")");
        assert_eq!(sql.text, "SELECT 1 WHERE a = $1 AND b IN ($2, $3)");
    }

    #[test]
    fn an_empty_in_list_matches_nothing_instead_of_failing() {
        let mut sql = Sql::new("x IN (");
        sql.bind_ints([]).push(")");
        assert_eq!(sql.text, "x IN (NULL)");
    }

    #[test]
    fn like_metacharacters_are_escaped() {
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }
}

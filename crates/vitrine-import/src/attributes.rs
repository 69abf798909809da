//! The numbered column groups of a row: "Attribute N …" and "Download N …".

use vitrine_domain::catalogue::Download;
use vitrine_domain::rich_text::plain_text;

use crate::cells::Cells;
use crate::fields::parse_bool;
use crate::lists::split_text_list;

/// An "Attribute N" group of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowAttribute {
    pub name: String,
    /// Headers of the name and value cells, for errors found later.
    pub name_header: String,
    pub values_header: String,
    /// On a variation: one value, or none for "any".
    pub values: Vec<String>,
    pub visible: bool,
    pub global: bool,
    pub default: Option<String>,
}

/// Attributes in column-number order. Visible defaults to yes and global to no, as in
/// WooCommerce's importer.
pub fn attributes(c: &mut Cells<'_>) -> Vec<RowAttribute> {
    let mut out: Vec<RowAttribute> = Vec::new();
    let groups: Vec<_> = c.columns.attributes.values().copied().collect();
    for group in groups {
        let name = plain_text(c.at(group.name));
        let values = split_text_list(c.at(group.values));
        let visible = c.parse_at(group.visible, parse_bool).unwrap_or(true);
        let global = c.parse_at(group.global, parse_bool).unwrap_or(false);
        let default = Some(plain_text(c.at(group.default))).filter(|d| !d.is_empty());
        if name.is_empty() {
            if !values.is_empty() {
                c.error_at(group.name, "values are given but the attribute has no name");
            }
            continue;
        }
        if out.iter().any(|a| a.name.eq_ignore_ascii_case(&name)) {
            c.error_at(group.name, format!("attribute {name:?} appears twice"));
            continue;
        }
        if let Some(d) = &default
            && !values.iter().any(|v| v == d)
        {
            c.error_at(
                group.default,
                format!("{d:?} is not one of the values of {name:?}"),
            );
        }
        out.push(RowAttribute {
            name,
            name_header: c
                .columns
                .header_at(group.name.unwrap_or(usize::MAX))
                .to_owned(),
            values_header: c
                .columns
                .header_at(group.values.unwrap_or(usize::MAX))
                .to_owned(),
            values,
            visible,
            global,
            default,
        });
    }
    out
}

/// Downloadable files; a file without a name is named after its URL's last segment.
pub fn downloads(c: &mut Cells<'_>) -> Vec<Download> {
    let mut out = Vec::new();
    let groups: Vec<_> = c.columns.downloads.values().copied().collect();
    for group in groups {
        let name = plain_text(c.at(group.name));
        let url = c.at(group.url).trim();
        if url.is_empty() {
            if !name.is_empty() {
                c.error_at(group.url, format!("download {name:?} has no URL"));
            }
            continue;
        }
        let name = if name.is_empty() {
            plain_text(url.rsplit('/').next().unwrap_or(url))
        } else {
            name
        };
        out.push(Download {
            name,
            url: url.to_owned(),
        });
    }
    out
}

//! Keyset paging, written once for every list the store pages: a page starts strictly after the
//! sort key of the previous page's last row, with a row-value comparison both engines answer from
//! an index, so a deep page costs what the first one costs. The extra row fetched (`limit + 1`)
//! only tells whether another page follows.

use lectern_domain::paging::Direction;
use serde::{Deserialize, Serialize};

/// One value of a sort key, as a page token carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyPart {
    Int(i64),
    Text(String),
}

/// Whether a key (from a client's page token) has the shape of an order's keys: `ints[i]` says
/// whether its `i`th value is a number. A key of another shape would compare a column with a
/// value of another type, which PostgreSQL refuses.
pub fn key_fits(key: &[KeyPart], ints: &[bool]) -> bool {
    key.len() == ints.len()
        && key
            .iter()
            .zip(ints)
            .all(|(part, int)| matches!(part, KeyPart::Int(_)) == *int)
}

/// A list's sort order (a domain type naming its wire values) as the store pages by it: the
/// columns of its key (the last one unique, so the order is total), which of the key's values
/// are numbers, and a row's key for the next page's token.
pub trait KeyedOrder<Row>: Copy {
    fn columns(self) -> &'static [&'static str];
    fn ints(self) -> &'static [bool];
    fn key_of(self, row: &Row) -> Vec<KeyPart>;

    /// Whether a key (from a client's page token) has this order's shape.
    fn fits(self, key: &[KeyPart]) -> bool {
        key_fits(key, self.ints())
    }

    /// The keyset of this order in `direction`.
    fn keyset(self, direction: Direction) -> Keyset<'static> {
        Keyset {
            columns: self.columns(),
            direction,
        }
    }
}

/// Binds a sort key's values, in order, to a query that has `Keyset::after`'s parameters next.
pub fn bind_key<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    key: &'q [KeyPart],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    for part in key {
        query = match part {
            KeyPart::Int(n) => query.bind(*n),
            KeyPart::Text(t) => query.bind(t.as_str()),
        };
    }
    query
}

/// The columns a list is ordered by (the last one unique, so the order is total), and which way.
pub struct Keyset<'a> {
    pub columns: &'a [&'a str],
    pub direction: Direction,
}

impl Keyset<'_> {
    /// ` AND (c1, c2) > ($n, $n+1)` (`<` descending), continuing after the key bound from
    /// parameter `first_param` on; nothing on the first page.
    pub fn after(&self, continuing: bool, first_param: usize) -> String {
        if !continuing {
            return String::new();
        }
        let cmp = match self.direction {
            Direction::Asc => ">",
            Direction::Desc => "<",
        };
        let params: Vec<String> = (0..self.columns.len())
            .map(|i| format!("${}", first_param + i))
            .collect();
        format!(
            " AND ({}) {cmp} ({})",
            self.columns.join(", "),
            params.join(", ")
        )
    }

    /// ` ORDER BY c1 ASC, c2 ASC LIMIT limit+1`.
    pub fn order(&self, limit: u32) -> String {
        let dir = match self.direction {
            Direction::Asc => "ASC",
            Direction::Desc => "DESC",
        };
        let order: Vec<String> = self.columns.iter().map(|c| format!("{c} {dir}")).collect();
        format!(
            " ORDER BY {} LIMIT {}",
            order.join(", "),
            u64::from(limit) + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continues_after_the_key_in_the_lists_direction() {
        let k = Keyset {
            columns: &["a", "b"],
            direction: Direction::Desc,
        };
        assert_eq!(k.after(false, 3), "");
        assert_eq!(k.after(true, 3), " AND (a, b) < ($3, $4)");
        assert_eq!(k.order(10), " ORDER BY a DESC, b DESC LIMIT 11");
    }
}

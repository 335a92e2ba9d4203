//! Keyset pagination: `?limit=` (default 20, max 100) and `?before=ID`.

use serde::Deserialize;
use utoipa::IntoParams;

use crate::kernel::error::DomainError;

pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;

/// The query string of every list endpoint.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Items per page, 1–100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Only items older than this cursor (the `X-Next-Cursor` of the previous page).
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

/// A parsed page request: fetch `limit` items whose cursor is below `before`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    /// Exclusive upper bound of the cursor; `i64::MAX` for the first page, so the SQL has no
    /// optional parameter.
    pub before: i64,
}

impl Page {
    pub fn parse(query: &PageQuery) -> Result<Self, DomainError> {
        let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(DomainError::invalid(format!(
                "limit must be between 1 and {MAX_LIMIT}"
            )));
        }
        let before = match query.before {
            None => i64::MAX,
            Some(id) if id >= 1 => id,
            Some(_) => return Err(DomainError::invalid("before must be a positive id")),
        };
        Ok(Self { limit, before })
    }

    /// Rows to fetch: one more than the page, to know whether another page follows.
    pub fn fetch_limit(&self) -> i64 {
        self.limit + 1
    }

    /// Cuts the extra row off and answers the next cursor when there was one.
    pub fn split<T>(&self, mut rows: Vec<T>, cursor: impl Fn(&T) -> i64) -> (Vec<T>, Option<i64>) {
        if rows.len() as i64 > self.limit {
            rows.truncate(self.limit as usize);
            let next = rows.last().map(cursor);
            (rows, next)
        } else {
            (rows, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_defaults_to_twenty_from_the_newest() {
        let page = Page::parse(&PageQuery::default()).unwrap();
        assert_eq!(
            page,
            Page {
                limit: 20,
                before: i64::MAX
            }
        );
    }

    #[test]
    fn limits_outside_one_to_a_hundred_are_refused() {
        for limit in [0, -1, 101] {
            let query = PageQuery {
                limit: Some(limit),
                before: None,
            };
            assert!(Page::parse(&query).is_err(), "{limit}");
        }
        assert!(
            Page::parse(&PageQuery {
                limit: None,
                before: Some(0)
            })
            .is_err()
        );
    }

    #[test]
    fn split_answers_a_cursor_only_when_more_rows_exist() {
        let page = Page {
            limit: 2,
            before: i64::MAX,
        };
        assert_eq!(page.split(vec![9, 8, 7], |r| *r), (vec![9, 8], Some(8)));
        assert_eq!(page.split(vec![9, 8], |r| *r), (vec![9, 8], None));
    }
}

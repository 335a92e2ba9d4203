//! Wire types: what the API answers and the socket carries (camelCase JSON, ISO-8601 times,
//! integer cents), each with its conversion from the `db` row it shows. Below both `routes/` and
//! `realtime/` (docs/architecture.md): an answer and an event share one type, and no route
//! folder reaches into another for a shape.

use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The first and last instants (epoch ms) of four-digit years: 0000-01-01 to 9999-12-31.
const FOUR_DIGIT_YEARS: std::ops::RangeInclusive<i64> = -62_167_219_200_000..=253_402_300_799_999;

/// Stored epoch milliseconds as the API's ISO-8601 UTC text (`2026-11-30T18:19:25.123Z`), as
/// chrono's `to_rfc3339_opts(Millis, true)` writes it. Every answer's times go through here, and
/// chrono's formatting machinery cost ~900 instructions a time (issue 45's profile of the story
/// strip), so four-digit years are written digit by digit from the civil date (Howard
/// Hinnant's `civil_from_days`); any other instant is left to chrono. A test holds the two equal.
pub fn iso_time(ms: i64) -> String {
    if !FOUR_DIGIT_YEARS.contains(&ms) {
        return chrono::DateTime::from_timestamp_millis(ms)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    }
    let (days, in_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    // civil_from_days: the 400-year era and the day of the era, counted from 0000-03-01.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let mut text = *b"0000-00-00T00:00:00.000Z";
    let mut put = |at: usize, width: usize, mut value: i64| {
        for digit in text[at..at + width].iter_mut().rev() {
            *digit = b'0' + (value % 10) as u8;
            value /= 10;
        }
    };
    put(0, 4, year);
    put(5, 2, month);
    put(8, 2, day);
    put(11, 2, in_day / 3_600_000);
    put(14, 2, in_day / 60_000 % 60);
    put(17, 2, in_day / 1_000 % 60);
    put(20, 3, in_day % 1_000);
    String::from_utf8(text.to_vec()).expect("ASCII digits and separators")
}

/// A JSON string (quoted and escaped) appended to `out`: answers written as bytes (issue 45).
pub fn write_str(out: &mut Vec<u8>, text: &str) {
    // Writing a `&str` into a `Vec` cannot fail.
    let _ = sonic_rs::to_writer(&mut *out, text);
}

/// A JSON integer appended to `out`.
pub fn write_int(out: &mut Vec<u8>, value: i64) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// A JSON integer appended to `out`, or `null`.
pub fn write_option_int(out: &mut Vec<u8>, value: Option<i64>) {
    match value {
        Some(value) => write_int(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

/// A JSON string appended to `out`, or `null`.
pub fn write_option_str(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        Some(text) => write_str(out, text),
        None => out.extend_from_slice(b"null"),
    }
}

/// A stored 0/1 flag appended to `out` as JSON `false`/`true`.
pub fn write_flag(out: &mut Vec<u8>, value: i64) {
    out.extend_from_slice(if value != 0 { b"true" } else { b"false" });
}

/// The header carrying the next page's cursor.
pub const NEXT_CURSOR: &str = "x-next-cursor";

/// A page of a list: the JSON array, plus `X-Next-Cursor` when more items follow.
pub fn paginated<T: Serialize>(items: Vec<T>, next: Option<i64>) -> Response {
    paged(items, next)
}

/// A JSON body written as bytes (a page of posts from its fragments, search's answer, the story
/// strip; issue 45), plus `X-Next-Cursor` when more items follow.
pub fn paginated_json(array: Vec<u8>, next: Option<i64>) -> Response {
    let mut response = (
        [(
            axum::http::header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        array,
    )
        .into_response();
    if let Some(cursor) = next {
        response
            .headers_mut()
            .insert(NEXT_CURSOR, HeaderValue::from(cursor));
    }
    response
}

/// A page whose body is more than the list (a product's reviews with their aggregate), plus
/// `X-Next-Cursor` when more items follow.
pub fn paged<T: Serialize>(body: T, next: Option<i64>) -> Response {
    let mut response = crate::platform::http::error::Json(body).into_response();
    if let Some(cursor) = next {
        response
            .headers_mut()
            .insert(NEXT_CURSOR, HeaderValue::from(cursor));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chrono_text(ms: i64) -> String {
        chrono::DateTime::from_timestamp_millis(ms)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
    }

    #[test]
    fn iso_time_writes_what_chrono_writes() {
        let edges = [
            0,
            -1,
            1,
            86_399_999,
            86_400_000,
            951_782_400_000,   // 2000-02-29
            1_796_064_071_116, // 2026-11-30
            4_107_542_400_000, // 2100-03-01 (no 29 February that year)
            *FOUR_DIGIT_YEARS.start(),
            *FOUR_DIGIT_YEARS.end(),
            FOUR_DIGIT_YEARS.start() - 1,
            FOUR_DIGIT_YEARS.end() + 1,
            i64::MIN,
            i64::MAX,
        ];
        for ms in edges {
            assert_eq!(iso_time(ms), chrono_text(ms), "{ms}");
        }
        // A spread over every year 0000-9999, every day of 1970-2100, and ms within a day.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let span = (FOUR_DIGIT_YEARS.end() - FOUR_DIGIT_YEARS.start()) as u64;
            let ms = FOUR_DIGIT_YEARS.start() + (x % span) as i64;
            assert_eq!(iso_time(ms), chrono_text(ms), "{ms}");
        }
        for day in 0..47_847 {
            let ms = day * 86_400_000 + (day * 7_919_333) % 86_400_000;
            assert_eq!(iso_time(ms), chrono_text(ms), "{ms}");
        }
    }
}

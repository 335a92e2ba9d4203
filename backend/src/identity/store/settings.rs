//! Settings: one `user_settings` row per user, written on the first save. The columns are the
//! switches' list (`rules::settings::Settings::COLUMNS`), so the SQL is made from it once.

use std::sync::LazyLock;

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::identity::rules::settings::{Settings, SettingsUpdate};
use crate::platform::db::{Db, Tx};

static SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {} FROM user_settings WHERE user_id = $1",
        Settings::COLUMNS.join(", ")
    )
});

/// An upsert whose every column is `COALESCE(new, current)` (or the default on the first save):
/// `$1` the user, `$2…` the switches in `COLUMNS` order, then the time.
static UPSERT: LazyLock<String> = LazyLock::new(|| {
    let columns = Settings::COLUMNS;
    let at = columns.len() + 2;
    let first_save: Vec<String> = Settings::default()
        .values()
        .iter()
        .enumerate()
        .map(|(i, default)| format!("COALESCE(${}, {})", i + 2, i64::from(*default)))
        .collect();
    let keep: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = COALESCE(${}, user_settings.{column})", i + 2))
        .collect();
    format!(
        "INSERT INTO user_settings (user_id, {list}, updated_at)
         VALUES ($1, {first_save}, ${at})
         ON CONFLICT (user_id) DO UPDATE SET {keep}, updated_at = ${at}
         RETURNING {list}",
        list = columns.join(", "),
        first_save = first_save.join(", "),
        keep = keep.join(", "),
    )
});

/// A stored row's switches (each 0 or 1).
fn settings_of(row: &AnyRow) -> Result<Settings, sqlx::Error> {
    Settings::read(|column| row.try_get::<i64, _>(column).map(|flag| flag != 0))
}

/// The user's settings; the defaults while they never saved any.
pub async fn get(db: &Db, user_id: i64) -> Result<Settings, sqlx::Error> {
    let row = sqlx::query(SELECT.as_str())
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row
        .as_ref()
        .map(settings_of)
        .transpose()?
        .unwrap_or_default())
}

/// Applies a partial change in one statement, in the caller's transaction, so two saves of
/// different switches at once both land.
pub async fn update_in(
    tx: &mut Tx,
    user_id: i64,
    change: SettingsUpdate,
    now: i64,
) -> Result<Settings, sqlx::Error> {
    let mut query = sqlx::query(UPSERT.as_str()).bind(user_id);
    for value in change.values() {
        query = query.bind(value.map(i64::from));
    }
    let row = query.bind(now).fetch_one(&mut **tx).await?;
    settings_of(&row)
}

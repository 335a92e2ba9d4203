//! The user's settings (issue 21's four kinds of notification and issue 22's read
//! receipts): seventeen switches, each listed once, here. The list makes
//! the answer (`Settings`), the partial update (`SettingsUpdate`) and the columns `identity/store/settings.rs`
//! reads and writes, so a new switch is one line (and its migration).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

macro_rules! switches {
    ($($name:ident = $default:literal,)*) => {
        /// The user's switches; every one defaults to true except `privateAccount`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct Settings {
            $(pub $name: bool,)*
        }

        /// Some or all of the switches; an absent (or null) one keeps its value.
        #[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct SettingsUpdate {
            $(pub $name: Option<bool>,)*
        }

        impl Default for Settings {
            fn default() -> Self {
                Self { $($name: $default,)* }
            }
        }

        impl Settings {
            /// The switches' column names, in the list's order.
            pub const COLUMNS: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The switches in `COLUMNS` order.
            pub fn values(&self) -> Vec<bool> {
                vec![$(self.$name),*]
            }

            /// The switches from their columns, read by name.
            pub fn read<E>(mut column: impl FnMut(&'static str) -> Result<bool, E>) -> Result<Self, E> {
                Ok(Self { $($name: column(stringify!($name))?,)* })
            }
        }

        impl SettingsUpdate {
            /// The changes in `Settings::COLUMNS` order (`None`: keep).
            pub fn values(&self) -> Vec<Option<bool>> {
                vec![$(self.$name),*]
            }
        }
    };
}

switches! {
    push_notifications = true,
    voice_message_notifications = true,
    chat_message_notifications = true,
    private_account = false,
    voice_reactions_privacy = true,
    share_3d_content = true,
    ai_mood_detection = true,
    voice_auto_transcription = true,
    high_quality_3d = true,
    dark_theme = true,
    auto_play_videos = true,
    sound_effects = true,
    // Which kinds of notification are made at all (issue 21): likes, comments and replies,
    // mentions, follows (requests and approvals too).
    like_notifications = true,
    comment_notifications = true,
    mention_notifications = true,
    follow_notifications = true,
    // Whether your reads are shown to the others of your conversations, and theirs to you
    // (issue 22).
    read_receipts = true,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_defaults_on_except_the_private_account() {
        let defaults = Settings::default();
        assert_eq!(Settings::COLUMNS.len(), 17);
        for (column, value) in Settings::COLUMNS.iter().zip(defaults.values()) {
            assert_eq!(value, *column != "private_account", "{column}");
        }
    }

    #[test]
    fn the_wire_names_are_camel_case() {
        let json = serde_json::to_value(Settings::default()).unwrap();
        assert_eq!(json["share3dContent"], true);
        assert_eq!(json["privateAccount"], false);
        let update: SettingsUpdate =
            serde_json::from_str(r#"{"darkTheme": false, "soundEffects": null}"#).unwrap();
        let mut expected = vec![None; 17];
        expected[9] = Some(false);
        assert_eq!(update.values(), expected);
    }
}

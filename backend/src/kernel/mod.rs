//! Plain types every area shares: money and amounts, text, pages, the user shapes and a post's
//! image. No HTTP, no SQL, no area.

pub mod email;
pub mod error;
pub mod image;
pub mod money;
pub mod page;
pub mod post_media;
pub mod text;
pub mod user;

/// The stored text of each value, and the value of a stored text.
macro_rules! stored_names {
    ($type:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $type {
            pub const ALL: &[$type] = &[$($type::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }

            pub fn from_stored(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|value| value.as_str() == text)
            }
        }

        /// A stored name read back (`#[sqlx(try_from = "String")]`): a name the type does
        /// not know is a decode error, never a guess.
        impl TryFrom<String> for $type {
            type Error = String;

            fn try_from(text: String) -> Result<Self, String> {
                Self::from_stored(&text)
                    .ok_or_else(|| format!("{text:?} is no {}", stringify!($type)))
            }
        }
    };
}
pub(crate) use stored_names;

//! The mail accounts send (issue 41), every string of it in one place: a sign-up's verification,
//! a password reset, an email change's confirmation and its notice to the old address, and the
//! notice that a password was reset. Plain text plus simple HTML; no secret but the link.

use crate::platform::mail::Letter;

/// How long a sign-up's verification link works.
pub const VERIFY_TTL_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// How long a password-reset link works.
pub const RESET_TTL_MS: i64 = 60 * 60 * 1000;
/// How long an email change's confirmation link works.
pub const EMAIL_CHANGE_TTL_MS: i64 = 24 * 60 * 60 * 1000;

/// Escapes text for the HTML part.
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A message with a greeting, paragraphs, an optional button link and a closing line.
fn letter(
    to: &str,
    subject: &str,
    name: &str,
    paragraphs: &[&str],
    action: Option<(&str, &str)>,
) -> Letter {
    let mut text = format!("Hi {name},\n\n");
    let mut html = format!(
        "<!doctype html><html><body style=\"font-family: sans-serif; line-height: 1.5\">\
         <p>Hi {},</p>",
        html_text(name)
    );
    for paragraph in paragraphs {
        text.push_str(paragraph);
        text.push_str("\n\n");
        html.push_str(&format!("<p>{}</p>", html_text(paragraph)));
    }
    let link = match action {
        Some((label, link)) => {
            text.push_str(&format!("{label}: {link}\n\n"));
            html.push_str(&format!(
                "<p><a href=\"{0}\" style=\"display: inline-block; padding: 10px 16px; \
                 background: #7c3aed; color: #fff; border-radius: 8px; text-decoration: none\">\
                 {1}</a></p><p style=\"color: #666; font-size: 13px\">Or open this link: {0}</p>",
                html_text(link),
                html_text(label)
            ));
            link.to_owned()
        }
        None => String::new(),
    };
    text.push_str("— Atelier\n");
    html.push_str("<p>— Atelier</p></body></html>");
    Letter {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text,
        html,
        link,
    }
}

/// After sign-up, and when asked again.
pub fn verify_email(to: &str, name: &str, link: &str) -> Letter {
    letter(
        to,
        "Verify your email for Atelier",
        name,
        &[
            "Welcome to Atelier! Confirm that this is your email address so you can keep posting, \
             commenting and sending messages after your first week.",
            "The link works for 7 days. If you didn't create an Atelier account, ignore this email.",
        ],
        Some(("Verify my email", link)),
    )
}

/// A forgotten password.
pub fn reset_password(to: &str, name: &str, link: &str) -> Letter {
    letter(
        to,
        "Reset your Atelier password",
        name,
        &[
            "Someone (we hope you) asked to reset the password of your Atelier account.",
            "The link works for 1 hour and only once. If you didn't ask, ignore this email: your \
             password stays as it is.",
        ],
        Some(("Choose a new password", link)),
    )
}

/// Sent to the new address of an email change.
pub fn confirm_new_email(to: &str, name: &str, link: &str) -> Letter {
    letter(
        to,
        "Confirm your new email for Atelier",
        name,
        &[
            "You asked to use this address for your Atelier account. It changes when you open \
             the link below.",
            "The link works for 24 hours. If you didn't ask, ignore this email.",
        ],
        Some(("Confirm my new email", link)),
    )
}

/// Sent to the old address of an email change.
pub fn email_changing(to: &str, name: &str, new_address: &str) -> Letter {
    let note = format!(
        "Someone signed in to your Atelier account asked to change its email to {new_address}. \
         It changes only when that address confirms."
    );
    letter(
        to,
        "Your Atelier email is changing",
        name,
        &[
            &note,
            "If this wasn't you, change your password now and sign out of your other sessions in \
             Settings.",
        ],
        None,
    )
}

/// After a password reset.
pub fn password_was_reset(to: &str, name: &str) -> Letter {
    letter(
        to,
        "Your Atelier password was changed",
        name,
        &[
            "The password of your Atelier account was just reset with a link sent to this \
             address, and every session was signed out.",
            "If this wasn't you, reset your password again right away.",
        ],
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_carries_its_link_in_both_parts_and_escapes_the_html() {
        let letter = reset_password(
            "a@example.com",
            "<Maya>",
            "https://x.test/reset-password?token=1.abc",
        );
        assert_eq!(letter.link, "https://x.test/reset-password?token=1.abc");
        assert!(
            letter
                .text
                .contains("https://x.test/reset-password?token=1.abc")
        );
        assert!(
            letter
                .html
                .contains("href=\"https://x.test/reset-password?token=1.abc\"")
        );
        assert!(letter.html.contains("&lt;Maya&gt;") && !letter.html.contains("<Maya>"));
        assert!(letter.text.starts_with("Hi <Maya>,"));
    }

    #[test]
    fn a_notice_has_no_link() {
        let letter = email_changing("old@example.com", "maya", "new@example.com");
        assert_eq!(letter.link, "");
        assert!(letter.text.contains("new@example.com"));
    }
}

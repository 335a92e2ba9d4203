//! How a call ended, as the `calls` row records it and as the conversation's 'call' line shows
//! it (docs/voice-contract.md).

/// A call's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallEnd {
    /// Answered, then hung up (or a side's socket closed).
    Completed,
    /// Not answered: cancelled, timed out, or the caller's socket closed while ringing.
    Missed,
    Declined,
    /// Not rung: the callee was in another call.
    Busy,
    /// Not rung: the callee had no socket open.
    Offline,
}

impl CallEnd {
    /// `calls.outcome`
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Missed => "missed",
            Self::Declined => "declined",
            Self::Busy => "busy",
            Self::Offline => "offline",
        }
    }

    pub fn from_db(value: &str) -> Option<Self> {
        Some(match value {
            "completed" => Self::Completed,
            "missed" => Self::Missed,
            "declined" => Self::Declined,
            "busy" => Self::Busy,
            "offline" => Self::Offline,
            _ => return None,
        })
    }

    /// `messages.call_outcome`: the callee missed a call they were busy or offline for.
    pub fn shown(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Declined => "declined",
            Self::Missed | Self::Busy | Self::Offline => "missed",
        }
    }

    /// The line's text, as the client words it: a client that knows no call lines still shows
    /// something true.
    pub fn line(self, talk_secs: Option<i64>) -> String {
        match (self, talk_secs) {
            (Self::Completed, Some(secs)) => {
                format!("Voice call · {}:{:02}", secs / 60, secs % 60)
            }
            (Self::Completed, None) => "Voice call".to_owned(),
            (Self::Declined, _) => "Declined voice call".to_owned(),
            _ => "Missed voice call".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_client_words_them() {
        assert_eq!(CallEnd::Completed.line(Some(192)), "Voice call · 3:12");
        assert_eq!(CallEnd::Completed.line(Some(5)), "Voice call · 0:05");
        assert_eq!(CallEnd::Busy.line(None), "Missed voice call");
        assert_eq!(CallEnd::Declined.line(None), "Declined voice call");
        for end in [
            CallEnd::Completed,
            CallEnd::Missed,
            CallEnd::Declined,
            CallEnd::Busy,
            CallEnd::Offline,
        ] {
            assert_eq!(CallEnd::from_db(end.as_db()), Some(end));
        }
        assert_eq!(CallEnd::Offline.shown(), "missed");
    }
}

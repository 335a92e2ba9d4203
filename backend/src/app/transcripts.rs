//! Who hears of a transcript (issue 47): the area its audio belongs to.

use std::future::Future;
use std::pin::Pin;

use crate::platform::state::AppState;
use crate::platform::transcribe::{Announce, Subject};

/// The areas with voice: chat's messages, calls' voicemails, social's voice reactions.
pub struct Areas;

impl Announce for Areas {
    fn transcribed<'a>(
        &'a self,
        state: &'a AppState,
        subject: Subject,
        text: Option<&'a str>,
    ) -> Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>> {
        Box::pin(async move {
            match subject {
                Subject::Message(id) => crate::chat::transcribed(state, id, text).await?,
                Subject::Voicemail(id) => crate::calls::transcribed(state, id, text).await?,
                Subject::VoiceReaction(id) => crate::social::transcribed(state, id, text).await?,
            }
            Ok(())
        })
    }
}

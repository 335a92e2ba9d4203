use std::collections::BTreeSet;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::identity;
use crate::identity::CurrentUser;
use crate::identity::rules::profile::Skill;
use crate::kernel::user::UserBrief;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;

/// The skill matcher shows this many people.
const MATCHES: usize = 3;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SkillMatchQuery {
    /// The skills looked for, comma-separated ids among design, code, music, photo, motion.
    #[param(
        example = "design,motion",
        pattern = r"^ *(design|code|music|photo|motion) *(, *(design|code|music|photo|motion) *)*$"
    )]
    pub skills: String,
}

/// A creator whose skills match what the session user looks for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillMatch {
    pub user: UserBrief,
    /// Their skill ids, in the matcher's order.
    pub skills: Vec<String>,
    /// The share of the skills looked for that they have, 1–100.
    #[serde(rename = "match")]
    #[schema(rename = "match")]
    pub match_percent: i64,
    #[schema(required = true)]
    pub bio: Option<String>,
}

/// Up to three creators with the skills looked for, among every active member, best coverage of the skills first (then the fewest other skills, then the newest).
#[utoipa::path(
    get, path = "/users/skill-matches", tag = "users",
    params(SkillMatchQuery),
    responses(
        (status = 200, description = "Up to three matches, best first", body = [SkillMatch]),
        (status = 400, description = "No skill, or an unknown one", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn skill_matches(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<SkillMatchQuery>,
) -> ApiResult<Json<Vec<SkillMatch>>> {
    let wanted = parse_skills(&query.skills)?;
    let wanted_bits = wanted.iter().fold(0, |mask, skill| mask | skill.bit());
    // Every combination of skills that shares one with what is looked for: the newest few of
    // each (as many as are shown) hold the best three, whatever the ranking below picks.
    let masks: Vec<i64> = (1..1 << Skill::ALL.len())
        .filter(|mask| mask & wanted_bits != 0)
        .collect();
    let candidates =
        identity::match_candidates(&state.db, current.user.id, &masks, MATCHES as i64).await?;
    let mut scored: Vec<(usize, usize, SkillMatch)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let theirs: BTreeSet<Skill> = serde_json::from_str::<Vec<Skill>>(&candidate.skills)
                .ok()?
                .into_iter()
                .collect();
            let shared = theirs.intersection(&wanted).count();
            (shared > 0).then(|| {
                let others = theirs.len() - shared;
                let percent = (100 * shared).div_ceil(wanted.len()) as i64;
                let skill_match = SkillMatch {
                    user: UserBrief {
                        id: candidate.id,
                        username: candidate.username,
                        display_name: candidate.display_name,
                        profile_image: candidate.profile_image,
                    },
                    skills: theirs.iter().map(|s| s.id().to_owned()).collect(),
                    match_percent: percent,
                    bio: candidate.bio,
                };
                (shared, others, skill_match)
            })
        })
        .collect();
    scored.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(a.1.cmp(&b.1))
            .then(b.2.user.id.cmp(&a.2.user.id))
    });
    Ok(Json(
        scored
            .into_iter()
            .take(MATCHES)
            .map(|(_, _, m)| m)
            .collect(),
    ))
}

fn parse_skills(raw: &str) -> ApiResult<BTreeSet<Skill>> {
    let mut skills = BTreeSet::new();
    if raw.trim_matches(' ').is_empty() {
        return Err(ApiError::bad_request("Pick at least one skill"));
    }
    for id in raw.split(',').map(|id| id.trim_matches(' ')) {
        let skill = serde_json::from_value::<Skill>(serde_json::Value::from(id))
            .map_err(|_| ApiError::bad_request(format!("Unknown skill: {id}")))?;
        skills.insert(skill);
    }
    Ok(skills)
}

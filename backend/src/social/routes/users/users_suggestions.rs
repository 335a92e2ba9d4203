use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::identity::CurrentUser;
use crate::identity::rules::profile::Skill;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;
use crate::social::store::suggestions::{self, Suggestion};

const DEFAULT_LIMIT: i64 = 10;
const MAX_LIMIT: i64 = 20;
const BAD_LIMIT: &str = "limit must be between 1 and 20";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestionsQuery {
    /// How many, 1–20 (default 10).
    #[param(minimum = 1, maximum = 20)]
    pub limit: Option<i64>,
}

/// An account suggested to follow.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    #[schema(required = true)]
    pub bio: Option<String>,
    /// Their skill ids.
    pub skills: Vec<String>,
    pub followers_count: i64,
    /// The skills they share with you (why they are suggested first).
    pub shared_skills: Vec<String>,
}

/// People to follow: creators sharing your skills first (the most shared, then the most
/// followed), then the most followed; never you, anyone you follow or asked to follow, a
/// private account, one blocked either way, or a deactivated one.
#[utoipa::path(
    get, path = "/users/suggestions", tag = "users",
    params(SuggestionsQuery),
    responses(
        (status = 200, description = "Up to `limit` accounts, best first", body = [SuggestedUser]),
        (status = 400, description = "A limit outside 1–20", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn suggestions(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<SuggestionsQuery>,
) -> ApiResult<Json<Vec<SuggestedUser>>> {
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::bad_request(BAD_LIMIT));
    }
    let me = current.user.id;
    let mine = suggestions::skill_mask(&state.db, me).await?;
    let masks: Vec<i64> = (1..1 << Skill::ALL.len())
        .filter(|mask| mask & mine != 0)
        .collect();
    let mut sharing = suggestions::sharing_skills(&state.db, me, &masks, limit).await?;
    sharing.sort_by_key(|s| {
        (
            std::cmp::Reverse((s.skill_mask & mine).count_ones()),
            std::cmp::Reverse(s.followers_count),
            std::cmp::Reverse(s.id),
        )
    });
    let popular = suggestions::most_followed(&state.db, me, limit * 2).await?;
    let mut seen = std::collections::HashSet::new();
    let picked: Vec<SuggestedUser> = sharing
        .into_iter()
        .chain(popular)
        .filter(|s| seen.insert(s.id))
        .take(limit as usize)
        .map(|s| suggested(s, mine))
        .collect();
    Ok(Json(picked))
}

fn suggested(row: Suggestion, mine: i64) -> SuggestedUser {
    let skills: Vec<Skill> = serde_json::from_str(&row.skills).unwrap_or_default();
    let shared_skills = skills
        .iter()
        .filter(|skill| skill.bit() & mine != 0)
        .map(|skill| skill.id().to_owned())
        .collect();
    SuggestedUser {
        id: row.id,
        username: row.username,
        display_name: row.display_name,
        profile_image_url: row.profile_image_url,
        bio: row.bio,
        skills: skills.iter().map(|skill| skill.id().to_owned()).collect(),
        followers_count: row.followers_count,
        shared_skills,
    }
}

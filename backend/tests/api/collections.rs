//! Named collections of saved posts (issue 44): private to their owner; a post in one is
//! saved; unsaving takes it out of every collection; deleting a collection leaves its posts
//! saved; names are checked and unique per owner; an owner keeps at most 100.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};

both_backends!(
    a_collection_holds_saved_posts_and_only_its_owner_sees_it,
    unsaving_takes_a_post_out_of_every_collection_and_deleting_one_keeps_its_posts_saved,
    names_are_checked_unique_per_owner_and_an_owner_keeps_at_most_a_hundred,
    a_post_hidden_from_the_owner_is_not_added_and_not_listed,
);

async fn collection(user: &TestUser, body: &Value) -> Value {
    let response = user.post_json("/api/collections", body).await;
    assert_eq!(response.status(), 201, "POST /api/collections {body}");
    response.json().await.unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect()
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().unwrap()
}

async fn a_collection_holds_saved_posts_and_only_its_owner_sees_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let first = id(&leo.create_post("Harbour at dawn").await);
    let second = id(&leo.create_post("Harbour at dusk").await);

    // 'New collection' from a post's save menu: made with the post in it, which is saved.
    let harbours = collection(&maya, &json!({"name": " Harbours ", "postId": first})).await;
    let hid = id(&harbours);
    assert_eq!(harbours["name"], "Harbours");
    assert_eq!(harbours["postsCount"], 1);
    assert!(
        harbours["cover"]["url"]
            .as_str()
            .unwrap()
            .starts_with("/media/")
    );
    let saved = maya.get_json("/api/bookmarks").await;
    assert_eq!(ids(&saved), [first]);
    assert_eq!(
        maya.get_json(&format!("/api/posts/{first}/bookmark-status"))
            .await["isBookmarked"],
        true
    );

    // Adding a second (not saved before) saves it too; adding it again changes nothing.
    for _ in 0..2 {
        let response = maya
            .post_json(
                &format!("/api/collections/{hid}/posts"),
                &json!({"postId": second}),
            )
            .await;
        assert_eq!(response.status(), 200);
        let after: Value = response.json().await.unwrap();
        assert_eq!(after["postsCount"], 2);
    }
    assert_eq!(
        ids(&maya
            .get_json(&format!("/api/collections/{hid}/posts"))
            .await),
        [second, first],
        "most recently added first"
    );
    assert_eq!(ids(&maya.get_json("/api/bookmarks").await), [second, first]);
    let post = maya.get_json(&format!("/api/posts/{second}")).await;
    assert_eq!(post["isBookmarked"], true);
    assert_eq!(
        maya.get_json(&format!("/api/posts/{second}/collections"))
            .await,
        json!({"collectionIds": [hid]})
    );
    // Saved once, counted once.
    let db = app.db().await;
    let (saves,): (i64,) = sqlx::query_as("SELECT bookmarks_count FROM posts WHERE id = $1")
        .bind(second)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(saves, 1);

    // A page of one, then the next.
    let response = maya
        .get(&format!("/api/collections/{hid}/posts?limit=1"))
        .await;
    let next = response.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let page: Value = response.json().await.unwrap();
    assert_eq!(ids(&page), [second]);
    assert_eq!(
        ids(&maya
            .get_json(&format!(
                "/api/collections/{hid}/posts?limit=1&before={next}"
            ))
            .await),
        [first]
    );

    // Rename; list; one.
    let response = maya
        .patch_json(
            &format!("/api/collections/{hid}"),
            &json!({"name": "Sea studies"}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let other = collection(&maya, &json!({"name": "Portraits"})).await;
    assert_eq!(other["postsCount"], 0);
    assert_eq!(other["cover"], Value::Null);
    let list = maya.get_json("/api/collections").await;
    assert_eq!(ids(&list), [id(&other), hid]);
    assert_eq!(list[1]["name"], "Sea studies");
    assert_eq!(list[1]["postsCount"], 2);
    assert_eq!(
        maya.get_json(&format!("/api/collections/{hid}")).await["name"],
        "Sea studies"
    );

    // Nobody else sees or touches it: 404 as for one that does not exist.
    assert_eq!(leo.get_json("/api/collections").await, json!([]));
    for response in [
        leo.get(&format!("/api/collections/{hid}")).await,
        leo.get(&format!("/api/collections/{hid}/posts")).await,
        leo.patch_json(&format!("/api/collections/{hid}"), &json!({"name": "Mine"}))
            .await,
        leo.post_json(
            &format!("/api/collections/{hid}/posts"),
            &json!({"postId": first}),
        )
        .await,
        leo.delete(&format!("/api/collections/{hid}/posts/{first}"))
            .await,
        leo.delete(&format!("/api/collections/{hid}")).await,
    ] {
        let (status, message, _) = error_of(response).await;
        assert_eq!((status, message.as_str()), (404, "Collection not found"));
    }
    assert_eq!(
        leo.get_json(&format!("/api/posts/{first}/collections"))
            .await,
        json!({"collectionIds": []})
    );
    let (status, _, _) = error_of(app.anonymous().get("/api/collections").await).await;
    assert_eq!(status, 401);
    assert_eq!(
        maya.get_json(&format!("/api/collections/{hid}")).await["postsCount"],
        2
    );

    // In her data export.
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    let names: Vec<&str> = export["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Sea studies", "Portraits"]);
    assert_eq!(export["collectionPosts"].as_array().unwrap().len(), 2);
    assert_eq!(export["collectionPosts"][0]["collectionId"], hid);
}

async fn unsaving_takes_a_post_out_of_every_collection_and_deleting_one_keeps_its_posts_saved(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let first = id(&leo.create_post("Kelp").await);
    let second = id(&leo.create_post("Gulls").await);
    let sea = id(&collection(&maya, &json!({"name": "Sea", "postId": first})).await);
    let birds = id(&collection(&maya, &json!({"name": "Birds", "postId": first})).await);
    let response = maya
        .post_json(
            &format!("/api/collections/{birds}/posts"),
            &json!({"postId": second}),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        maya.get_json(&format!("/api/posts/{first}/collections"))
            .await,
        json!({"collectionIds": [birds, sea]})
    );

    // Out of one collection: still saved, still in the other.
    let response = maya
        .delete(&format!("/api/collections/{birds}/posts/{first}"))
        .await;
    assert_eq!(response.status(), 204);
    let (status, message, _) = error_of(
        maya.delete(&format!("/api/collections/{birds}/posts/{first}"))
            .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Post not found"));
    assert_eq!(ids(&maya.get_json("/api/bookmarks").await), [second, first]);
    assert_eq!(
        ids(&maya
            .get_json(&format!("/api/collections/{sea}/posts"))
            .await),
        [first]
    );

    // Unsaved: out of every collection.
    let response = maya
        .post_json(&format!("/api/posts/{first}/bookmark"), &json!({}))
        .await;
    let state: Value = response.json().await.unwrap();
    assert_eq!(state["isBookmarked"], false);
    assert_eq!(
        maya.get_json(&format!("/api/collections/{sea}/posts"))
            .await,
        json!([])
    );
    assert_eq!(
        maya.get_json(&format!("/api/collections/{sea}")).await["postsCount"],
        0
    );

    // A collection deleted: its posts stay saved ('All saved').
    assert_eq!(
        maya.delete(&format!("/api/collections/{birds}"))
            .await
            .status(),
        204
    );
    assert_eq!(ids(&maya.get_json("/api/bookmarks").await), [second]);
    assert_eq!(ids(&maya.get_json("/api/collections").await), [sea]);
    let (status, _, _) = error_of(maya.delete(&format!("/api/collections/{birds}")).await).await;
    assert_eq!(status, 404);

    // A deleted post leaves every collection.
    let response = maya
        .post_json(
            &format!("/api/collections/{sea}/posts"),
            &json!({"postId": second}),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        leo.delete(&format!("/api/posts/{second}")).await.status(),
        204
    );
    assert_eq!(
        maya.get_json(&format!("/api/collections/{sea}/posts"))
            .await,
        json!([])
    );
}

async fn names_are_checked_unique_per_owner_and_an_owner_keeps_at_most_a_hundred(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    for (body, message) in [
        (json!({}), "Give the collection a name"),
        (json!({"name": "   "}), "Give the collection a name"),
        (
            json!({"name": "x".repeat(51)}),
            "A collection's name must be at most 50 characters",
        ),
    ] {
        let (status, said, _) = error_of(maya.post_json("/api/collections", &body).await).await;
        assert_eq!((status, said.as_str()), (400, message), "{body}");
    }
    let sea = id(&collection(&maya, &json!({"name": "Sea"})).await);
    let (status, said, code) = error_of(
        maya.post_json("/api/collections", &json!({"name": "SEA "}))
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str(), said.as_str()),
        (
            409,
            "name_taken",
            "You already have a collection with that name"
        )
    );
    // Another owner may use it.
    collection(&leo, &json!({"name": "Sea"})).await;
    let land = id(&collection(&maya, &json!({"name": "Land"})).await);
    let (status, _, _) = error_of(
        maya.patch_json(&format!("/api/collections/{land}"), &json!({"name": "sea"}))
            .await,
    )
    .await;
    assert_eq!(status, 409);
    // Renaming to its own name in another case is fine.
    let response = maya
        .patch_json(&format!("/api/collections/{sea}"), &json!({"name": "SEA"}))
        .await;
    assert_eq!(response.status(), 200);
    // A missing post makes no collection.
    let (status, said, _) = error_of(
        maya.post_json(
            "/api/collections",
            &json!({"name": "Ghost", "postId": 999_999}),
        )
        .await,
    )
    .await;
    assert_eq!((status, said.as_str()), (400, "Post not found"));
    let (status, said, _) = error_of(
        maya.post_json(&format!("/api/collections/{sea}/posts"), &json!({}))
            .await,
    )
    .await;
    assert_eq!(status, 400, "{said}");

    // 100 at most.
    for n in 0..98 {
        collection(&maya, &json!({"name": format!("Study {n}")})).await;
    }
    let (status, said, _) = error_of(
        maya.post_json("/api/collections", &json!({"name": "One more"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, said.as_str()),
        (400, "You can have at most 100 collections")
    );
    let mut all = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let path = match &before {
            Some(cursor) => format!("/api/collections?limit=100&before={cursor}"),
            None => "/api/collections?limit=100".to_owned(),
        };
        let response = maya.get(&path).await;
        before = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Value = response.json().await.unwrap();
        all.extend(ids(&page));
        if before.is_none() {
            break;
        }
    }
    assert_eq!(all.len(), 100);
    assert!(ids(&maya.get_json("/api/collections").await).len() == 20);
}

async fn a_post_hidden_from_the_owner_is_not_added_and_not_listed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id(&leo.create_post("Quiet cove").await);
    let cove = id(&collection(&maya, &json!({"name": "Coves", "postId": post})).await);
    // Leo blocks Maya: his post is hidden from her, in her collection too.
    let response = leo
        .post_json(&format!("/api/users/{}/block", maya.id), &json!({}))
        .await;
    assert!(response.status().is_success());
    assert_eq!(
        maya.get_json(&format!("/api/collections/{cove}/posts"))
            .await,
        json!([])
    );
    let shown = maya.get_json(&format!("/api/collections/{cove}")).await;
    assert_eq!(shown["postsCount"], 0);
    assert_eq!(shown["cover"], Value::Null);
    let other = id(&leo.create_post("Another cove").await);
    let (status, said, _) = error_of(
        maya.post_json(
            &format!("/api/collections/{cove}/posts"),
            &json!({"postId": other}),
        )
        .await,
    )
    .await;
    assert_eq!((status, said.as_str()), (400, "Post not found"));
    assert_eq!(
        ids(&maya.get_json("/api/bookmarks").await),
        Vec::<i64>::new()
    );
}

//! Posts of several images with alt text (issue 44): 1 to 10 items in order, each with its
//! description, in every post-shaped answer (a chat's shared card and a notification's
//! thumbnail too); `imageUrl` alone stays one item without alt.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, png_data_url, spawn_app};
use crate::media::stored_files;
use crate::sockets::{accept, connect, conversation, next_of};

both_backends!(
    a_post_of_ten_images_keeps_their_order_and_alt_text_in_every_answer,
    a_post_of_one_image_with_alt_text_and_a_legacy_image_url_post_are_one_item_each,
    eleven_images_none_or_both_fields_are_refused_and_nothing_is_stored,
    a_carousel_refused_for_one_image_stores_none_of_the_others,
    the_data_export_holds_each_image_with_its_alt_text,
    a_shared_posts_card_carries_every_image_with_its_alt_text_wherever_the_message_is_answered,
    a_notification_about_a_post_carries_its_first_image_with_its_alt_text,
);

/// Ten distinct images (each its own colour and size) with their alt texts.
fn ten_items() -> Vec<Value> {
    (0..10u8)
        .map(|i| {
            json!({
                "image": png_data_url(40 + u32::from(i), 30, [20 * i, 200 - 10 * i, 90]),
                "alt": format!("  Panel {} of the harbour series  ", i + 1),
            })
        })
        .collect()
}

fn alts(post: &Value) -> Vec<String> {
    post["media"]
        .as_array()
        .unwrap_or_else(|| panic!("no media in {post}"))
        .iter()
        .map(|item| item["alt"].as_str().unwrap().to_owned())
        .collect()
}

fn expected_alts() -> Vec<String> {
    (1..=10)
        .map(|i| format!("Panel {i} of the harbour series"))
        .collect()
}

/// The post `id` in a list answer (an array).
fn find(list: &Value, id: i64) -> Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|post| post["id"] == id)
        .unwrap_or_else(|| panic!("post {id} not in {list}"))
        .clone()
}

async fn a_post_of_ten_images_keeps_their_order_and_alt_text_in_every_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let response = maya
        .post_json(
            "/api/posts",
            &json!({"caption": "Harbour series #harbours", "media": ten_items()}),
        )
        .await;
    assert_eq!(response.status(), 201);
    let post: Value = response.json().await.unwrap();
    let id = post["id"].as_i64().unwrap();
    let media = post["media"].as_array().unwrap();
    assert_eq!(media.len(), 10);
    assert_eq!(alts(&post), expected_alts(), "trimmed, in order");
    for (i, item) in media.iter().enumerate() {
        // Each stored, with its own size, thumbnail and blurhash.
        assert!(
            item["url"].as_str().unwrap().starts_with("/media/"),
            "{item}"
        );
        assert_eq!(item["width"], 40 + i as i64, "{item}");
        assert_eq!(item["height"], 30);
        assert!(item["thumbnailUrl"].as_str().is_some(), "{item}");
        assert!(item["blurhash"].as_str().is_some(), "{item}");
    }
    let distinct: std::collections::HashSet<&str> = media
        .iter()
        .map(|item| item["url"].as_str().unwrap())
        .collect();
    assert_eq!(distinct.len(), 10);
    // The deprecated single image is the first item.
    assert_eq!(post["imageUrl"], media[0]["url"]);
    assert_eq!(post["thumbnailUrl"], media[0]["thumbnailUrl"]);

    // Every post-shaped answer, to another viewer too.
    leo.post(&format!("/api/posts/{id}/bookmark")).await;
    let answers = [
        leo.get_json(&format!("/api/posts/{id}")).await,
        find(&leo.get_json("/api/posts").await, id),
        find(
            &leo.get_json(&format!("/api/posts/user/{}", maya.id)).await,
            id,
        ),
        find(&leo.get_json("/api/posts/trending").await, id),
        find(&leo.get_json("/api/tags/harbours/posts").await, id),
        find(&leo.get_json("/api/bookmarks").await, id),
        find(&leo.get_json("/api/search?q=harbour").await["posts"], id),
    ];
    for answer in answers {
        assert_eq!(alts(&answer), expected_alts(), "{answer}");
        assert_eq!(answer["media"], post["media"]);
    }
}

async fn a_post_of_one_image_with_alt_text_and_a_legacy_image_url_post_are_one_item_each(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let one: Value = maya
        .post_json(
            "/api/posts",
            &json!({"media": [{"image": png_data_url(8, 8, [9, 9, 9]), "alt": "A black square"}]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(alts(&one), ["A black square"]);
    let legacy: Value = maya
        .post_json(
            "/api/posts",
            &json!({"imageUrl": png_data_url(8, 8, [200, 9, 9])}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(alts(&legacy), [""]);
    assert_eq!(legacy["media"][0]["url"], legacy["imageUrl"]);
    // An item without alt text has an empty one, not a missing one.
    let bare: Value = maya
        .post_json(
            "/api/posts",
            &json!({"media": [{"image": png_data_url(8, 8, [9, 200, 9])}, {"image": png_data_url(9, 8, [9, 9, 200]), "alt": "   "}]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(alts(&bare), ["", ""]);
}

async fn eleven_images_none_or_both_fields_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut eleven = ten_items();
    eleven.push(json!({"image": png_data_url(9, 9, [1, 2, 3])}));
    let image = png_data_url(8, 8, [1, 1, 1]);
    let cases = [
        (
            json!({"media": eleven}),
            "A post can have at most 10 images",
        ),
        (
            json!({"media": []}),
            "Please select an image or enter a URL",
        ),
        (
            json!({"media": [{"alt": "No picture"}]}),
            "Please select an image or enter a URL",
        ),
        (
            json!({"media": [{"image": image}], "imageUrl": image}),
            "Send the images as media, or one imageUrl, not both",
        ),
        (
            json!({"media": [{"image": image, "alt": "é".repeat(1501)}]}),
            "Alt text must be at most 1500 characters",
        ),
    ];
    for (body, message) in cases {
        let (status, said, _) = error_of(maya.post_json("/api/posts", &body).await).await;
        assert_eq!((status, said.as_str()), (400, message), "{body}");
    }
    assert_eq!(stored_files(&app), 0);
    let mine = maya.get_json(&format!("/api/posts/user/{}", maya.id)).await;
    assert_eq!(mine, json!([]));
}

async fn a_carousel_refused_for_one_image_stores_none_of_the_others(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let body = json!({"media": [
        {"image": png_data_url(10, 10, [1, 1, 1])},
        {"image": png_data_url(11, 10, [2, 2, 2])},
        {"image": "data:image/png;base64,SGVsbG8sIHdvcmxkIQ=="},
    ]});
    let (status, _, _) = error_of(maya.post_json("/api/posts", &body).await).await;
    assert_eq!(status, 415);
    assert_eq!(stored_files(&app), 0, "nothing of the first two is kept");
    let mine = maya.get_json(&format!("/api/posts/user/{}", maya.id)).await;
    assert_eq!(mine, json!([]));
}

async fn the_data_export_holds_each_image_with_its_alt_text(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post: Value = maya
        .post_json("/api/posts", &json!({"media": ten_items()}))
        .await
        .json()
        .await
        .unwrap();
    leo.post_json(
        "/api/posts",
        &json!({"imageUrl": png_data_url(8, 8, [5, 5, 5])}),
    )
    .await;
    let data: Value = maya.get("/api/user/export").await.json().await.unwrap();
    let images = data["postImages"].as_array().unwrap();
    // Maya's ten, in order, and none of Leo's.
    assert_eq!(images.len(), 10, "{images:?}");
    for (i, image) in images.iter().enumerate() {
        assert_eq!(image["postId"], post["id"]);
        assert_eq!(image["position"], i as i64);
        assert_eq!(image["imageUrl"], post["media"][i]["url"]);
        assert_eq!(
            image["alt"],
            format!("Panel {} of the harbour series", i + 1)
        );
    }
}

/// A post of three images, each with its alt text ('Street 1 at dusk' …).
async fn three_image_post(user: &TestUser, caption: &str) -> Value {
    let media: Vec<Value> = (1..=3u8)
        .map(|i| {
            json!({
                "image": png_data_url(20 + u32::from(i), 20, [60 * i, 90, 30]),
                "alt": format!("Street {i} at dusk"),
            })
        })
        .collect();
    let response = user
        .post_json("/api/posts", &json!({"caption": caption, "media": media}))
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

/// `user` shares `post` into `chat`: the message.
async fn share_post(user: &TestUser, post: &Value, chat: i64) -> Value {
    let response = user
        .post_json(
            &format!("/api/posts/{}/share", post["id"]),
            &json!({"conversationId": chat}),
        )
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

async fn a_shared_posts_card_carries_every_image_with_its_alt_text_wherever_the_message_is_answered(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let chat = conversation(&maya, &leo).await;
    accept(&leo, chat).await;
    let carousel = three_image_post(&ines, "Dusk walk").await;
    let single: Value = ines
        .post_json(
            "/api/posts",
            &json!({"media": [{"image": png_data_url(9, 9, [9, 9, 9]), "alt": "A grey square"}]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let mut leo_socket = connect(&app, &leo).await;

    let shared = share_post(&maya, &carousel, chat).await;
    let event = next_of(&mut leo_socket, "newMessage").await;
    let preview = leo.get_json("/api/conversations").await[0]["lastMessage"].clone();
    let other = share_post(&maya, &single, chat).await;

    // The send answer: all three images in order, each with its alt text.
    let card = &shared["sharedPost"];
    assert_eq!(
        card["media"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["alt"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["Street 1 at dusk", "Street 2 at dusk", "Street 3 at dusk"]
    );
    assert_eq!(card["media"], carousel["media"], "as the post shows them");
    // The deprecated single image stays the first one.
    assert_eq!(card["imageUrl"], carousel["media"][0]["url"]);
    assert_eq!(card["thumbnailUrl"], carousel["media"][0]["thumbnailUrl"]);
    // The live event, the conversation's preview and the message list say the same.
    assert_eq!(event["message"], shared);
    assert_eq!(preview["sharedPost"], shared["sharedPost"]);
    assert_eq!(other["sharedPost"]["media"], single["media"]);
    let listed = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    let cards: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|message| &message["sharedPost"]["media"])
        .collect();
    assert_eq!(
        cards,
        [&carousel["media"], &single["media"]],
        "each its own"
    );
    assert_eq!(
        listed[0]["sharedPost"]["media"].as_array().unwrap().len(),
        3
    );
}

async fn a_notification_about_a_post_carries_its_first_image_with_its_alt_text(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = three_image_post(&maya, "Dusk walk").await;
    let id = post["id"].as_i64().unwrap();
    let mut phone = connect(&app, &maya).await;

    assert_eq!(
        leo.post(&format!("/api/posts/{id}/like")).await.status(),
        200
    );
    let live = next_of(&mut phone, "notification").await;
    let comment = leo
        .post_json(
            &format!("/api/posts/{id}/comments"),
            &json!({"content": "Lovely light"}),
        )
        .await;
    assert_eq!(comment.status(), 201);
    assert_eq!(
        leo.post(&format!("/api/users/{}/follow", maya.id))
            .await
            .status(),
        200
    );

    let list = maya.get_json("/api/notifications").await;
    let by_kind = |kind: &str| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|n| n["kind"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in {list}"))
            .clone()
    };
    // A like and a comment: the post's first image, its alt text, size and blurhash.
    for kind in ["like", "comment"] {
        let target = &by_kind(kind)["target"];
        assert_eq!(target["media"], json!([post["media"][0]]), "{kind}");
        assert_eq!(target["media"][0]["alt"], "Street 1 at dusk");
        assert_eq!(target["media"][0]["width"], 21);
        assert!(target["media"][0]["blurhash"].is_string(), "{target}");
        assert_eq!(target["thumbnailUrl"], post["media"][0]["thumbnailUrl"]);
    }
    assert_eq!(
        live["notification"]["target"]["media"],
        json!([post["media"][0]])
    );
    // A follow is about no post.
    assert_eq!(by_kind("follow")["target"]["media"], json!([]));
}

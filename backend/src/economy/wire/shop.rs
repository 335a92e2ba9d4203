//! The catalogue's products and a buyer's orders.

use serde::Serialize;
use utoipa::ToSchema;

use crate::economy::rules::average_rating;
use crate::economy::store::checkouts::Address;
use crate::economy::store::reviews::{ReviewView, ReviewedProduct};
use crate::economy::store::shop::{OrderView, ProductRow, SaleView};
use crate::kernel::user::{UserBrief, UserCard};
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;

/// The house catalogue's categories (accessories, shirts, hoodies, jackets) and creators'
/// (prints, digital, apparel, accessories).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProductCategory {
    Accessories,
    Shirts,
    Hoodies,
    Jackets,
    Prints,
    Digital,
    Apparel,
}

impl ProductCategory {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Accessories => "accessories",
            Self::Shirts => "shirts",
            Self::Hoodies => "hoodies",
            Self::Jackets => "jackets",
            Self::Prints => "prints",
            Self::Digital => "digital",
            Self::Apparel => "apparel",
        }
    }
}

/// A print or object shipped to the buyer, or a file they download.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProductKind {
    Physical,
    Digital,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum ProductBadge {
    #[serde(rename = "New Arrival")]
    NewArrival,
    #[serde(rename = "Limited Edition")]
    LimitedEdition,
    #[serde(rename = "Best Seller")]
    BestSeller,
}

/// A product of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// Cents.
    pub price: i64,
    /// Cents: the struck-through price when on sale.
    #[schema(required = true)]
    pub original_price: Option<i64>,
    /// `/media/{key}`, a picture generated in code.
    pub image_url: String,
    /// The product on the external store ('' for a creator's work).
    pub product_url: String,
    pub category: ProductCategory,
    /// The average of its reviews' ratings, 1–5 to one decimal; null before its first review.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub rating: Option<f64>,
    /// How many reviews it has (moderation's removals not counted).
    pub review_count: i64,
    /// Units left; null for a digital work (it has no stock).
    #[schema(required = true)]
    pub stock: Option<i64>,
    /// `stock > 0`, or a digital work.
    pub in_stock: bool,
    #[schema(required = true)]
    pub badge: Option<ProductBadge>,
    pub kind: ProductKind,
    /// The creator selling it; null for the house catalogue.
    #[schema(required = true)]
    pub seller: Option<UserCard>,
}

impl From<ProductRow> for Product {
    fn from(row: ProductRow) -> Self {
        let category = match row.category.as_str() {
            "accessories" => ProductCategory::Accessories,
            "shirts" => ProductCategory::Shirts,
            "hoodies" => ProductCategory::Hoodies,
            "prints" => ProductCategory::Prints,
            "digital" => ProductCategory::Digital,
            "apparel" => ProductCategory::Apparel,
            _ => ProductCategory::Jackets,
        };
        let seller = match (row.seller_id, row.seller_username) {
            (Some(id), Some(username)) => Some(UserCard {
                id,
                username,
                display_name: row.seller_display_name.unwrap_or_default(),
                profile_image_url: row.seller_profile_image,
            }),
            _ => None,
        };
        let badge = match row.badge.as_deref() {
            Some("New Arrival") => Some(ProductBadge::NewArrival),
            Some("Limited Edition") => Some(ProductBadge::LimitedEdition),
            Some("Best Seller") => Some(ProductBadge::BestSeller),
            _ => None,
        };
        Self {
            id: row.id,
            name: row.name,
            description: row.description,
            price: row.price_cents,
            original_price: row.original_price_cents,
            image_url: row.image_key.as_deref().map(url_of).unwrap_or_default(),
            product_url: row.product_url,
            category,
            rating: average_rating(row.rating_sum, row.review_count),
            review_count: row.review_count,
            stock: (row.kind != "digital").then_some(row.stock),
            in_stock: row.kind == "digital" || row.stock > 0,
            badge,
            kind: if row.kind == "digital" {
                ProductKind::Digital
            } else {
                ProductKind::Physical
            },
            seller,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Paid,
}

/// An order line as its buyer sees it. Name and prices are the catalogue's.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub quantity: i64,
    /// Cents.
    pub unit_price: i64,
    /// Cents: `unitPrice × quantity`.
    pub total_amount: i64,
    pub payment_method: String,
    pub status: OrderStatus,
    /// ISO-8601 UTC.
    pub created_at: String,
    pub kind: ProductKind,
    /// `/api/orders/{id}/download` for a digital work's order (its buyer's), else null.
    #[schema(required = true)]
    pub download_url: Option<String>,
}

impl From<OrderView> for Order {
    fn from(row: OrderView) -> Self {
        Self {
            id: row.id,
            product_id: row.product_id,
            product_name: row.product_name,
            quantity: row.quantity,
            unit_price: row.unit_price_cents,
            total_amount: row.total_amount_cents,
            payment_method: row.payment_method,
            status: OrderStatus::Paid,
            created_at: iso_time(row.created_at),
            kind: if row.product_kind == "digital" {
                ProductKind::Digital
            } else {
                ProductKind::Physical
            },
            download_url: (row.product_kind == "digital")
                .then(|| format!("/api/orders/{}/download", row.id)),
        }
    }
}

/// Where a sold line stands for its seller (issue 42).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SaleStatus {
    /// A physical line paid and waiting to be shipped.
    Paid,
    /// A physical line its seller marked shipped (`shippedAt`, `trackingNote`).
    Shipped,
    /// A digital work: its buyer downloads it at once; nothing to ship.
    Delivered,
}

/// One sold line of a creator's work, as its seller sees it. Cents: `credited` is what they got,
/// `fee` what the platform kept of `totalAmount`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sale {
    /// The order's id.
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub kind: ProductKind,
    pub quantity: i64,
    pub total_amount: i64,
    pub credited: i64,
    pub fee: i64,
    pub buyer: UserBrief,
    /// ISO-8601 UTC.
    pub created_at: String,
    pub status: SaleStatus,
    /// Where to ship a physical line (its checkout's address); null for a digital line and for
    /// an order placed before checkouts.
    #[schema(required = true)]
    pub shipping_address: Option<ShippingAddress>,
    /// When you marked it shipped (ISO-8601 UTC).
    #[schema(required = true)]
    pub shipped_at: Option<String>,
    #[schema(required = true)]
    pub tracking_note: Option<String>,
}

impl From<SaleView> for Sale {
    fn from(row: SaleView) -> Self {
        let digital = row.product_kind == "digital";
        let shipping_address = match (
            row.ship_name,
            row.ship_line1,
            row.ship_city,
            row.ship_postal_code,
            row.ship_country,
        ) {
            (Some(name), Some(line1), Some(city), Some(postal_code), Some(country)) if !digital => {
                Some(ShippingAddress {
                    name,
                    line1,
                    line2: row.ship_line2,
                    city,
                    postal_code,
                    country,
                })
            }
            _ => None,
        };
        let status = match (digital, row.shipped_at) {
            (true, _) => SaleStatus::Delivered,
            (false, Some(_)) => SaleStatus::Shipped,
            (false, None) => SaleStatus::Paid,
        };
        Self {
            id: row.id,
            product_id: row.product_id,
            product_name: row.product_name,
            kind: if digital {
                ProductKind::Digital
            } else {
                ProductKind::Physical
            },
            quantity: row.quantity,
            total_amount: row.total_amount_cents,
            credited: row.credited_cents,
            fee: row.fee_cents,
            buyer: UserBrief {
                id: row.buyer_id,
                username: row.buyer_username,
                display_name: row.buyer_display_name,
                profile_image: row.buyer_profile_image,
            },
            created_at: iso_time(row.created_at),
            status,
            shipping_address,
            shipped_at: row.shipped_at.map(iso_time),
            tracking_note: row.tracking_note,
        }
    }
}

/// A review of a product by one of its buyers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i64,
    pub product_id: i64,
    /// 1–5 stars.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    /// At most 1000 characters; null when only stars were given.
    #[schema(required = true)]
    pub text: Option<String>,
    pub author: UserCard,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// ISO-8601 UTC of the last edit; null when never edited.
    #[schema(required = true)]
    pub edited_at: Option<String>,
}

impl From<ReviewView> for Review {
    fn from(row: ReviewView) -> Self {
        Self {
            id: row.id,
            product_id: row.product_id,
            rating: row.rating,
            text: row.body,
            author: UserCard {
                id: row.author_id,
                username: row.author_username,
                display_name: row.author_display_name,
                profile_image_url: row.author_profile_image,
            },
            created_at: iso_time(row.created_at),
            edited_at: row.edited_at.map(iso_time),
        }
    }
}

/// A page of a product's reviews, newest first, with its aggregate and what the viewer may do.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductReviews {
    /// The average of all its reviews (blocked authors' included), 1–5 to one decimal; null
    /// before the first.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub rating: Option<f64>,
    /// All its reviews (the list leaves out those of accounts blocked either way).
    pub review_count: i64,
    /// The viewer bought it, does not sell it and has not reviewed it: POST may be used.
    pub can_review: bool,
    /// The viewer's own review (PUT …/reviews/mine edits it); null when they have none.
    #[schema(required = true)]
    pub viewer_review: Option<Review>,
    /// This page, newest first; `X-Next-Cursor` names the next one.
    pub reviews: Vec<Review>,
}

impl ProductReviews {
    pub fn new(
        product: &ReviewedProduct,
        can_review: bool,
        viewer_review: Option<Review>,
        reviews: Vec<Review>,
    ) -> Self {
        Self {
            rating: average_rating(product.rating_sum, product.review_count),
            review_count: product.review_count,
            can_review,
            viewer_review,
            reviews,
        }
    }
}

/// A shipping address.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddress {
    pub name: String,
    pub line1: String,
    #[schema(required = true)]
    pub line2: Option<String>,
    pub city: String,
    pub postal_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
}

impl From<Address> for ShippingAddress {
    fn from(a: Address) -> Self {
        Self {
            name: a.name,
            line1: a.line1,
            line2: a.line2,
            city: a.city,
            postal_code: a.postal_code,
            country: a.country,
        }
    }
}

/// A 409's body (documentation only; `error::PriceChangedBody` is what is sent for
/// `price_changed`): `price_changed` carries the product and its price now, `order_in_flight`
/// only the message and code.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct OrderConflictBody {
    pub message: String,
    /// `price_changed` or `order_in_flight`.
    pub code: String,
    /// `price_changed`: the product whose price is not `expectedUnitPrice`.
    pub product_id: Option<i64>,
    /// `price_changed`: its unit price now, in cents.
    pub unit_price: Option<i64>,
}

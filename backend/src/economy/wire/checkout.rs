//! A checkout as its buyer sees it (issue 42, docs/payments.md): the review step's summary,
//! the receipt, and an entry of Settings › Orders.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::economy::store::checkouts::{CheckoutRow, LineView};
use crate::economy::wire::shop::{ProductKind, ShippingAddress};
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;

/// Where a checkout stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckoutStatus {
    /// Opened, its stock reserved until `expiresAt`: waiting for the payment.
    PendingPayment,
    /// The card asked for an extra confirmation step (3-D Secure).
    RequiresAction,
    Paid,
    /// The payment was declined or not confirmed (`failureMessage`); the stock went back.
    Failed,
    /// Not paid within 15 minutes; the stock went back.
    Expired,
}

impl CheckoutStatus {
    fn of(stored: &str) -> Self {
        match stored {
            "requires_action" => Self::RequiresAction,
            "paid" => Self::Paid,
            "failed" => Self::Failed,
            "expired" => Self::Expired,
            _ => Self::PendingPayment,
        }
    }
}

/// A shipping address as the form sends it (every field checked by the server).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddressRequest {
    /// 1–100 characters.
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// 1–200 characters.
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub line1: Option<String>,
    /// At most 200 characters.
    #[schema(max_length = 200)]
    pub line2: Option<String>,
    /// 1–100 characters.
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub city: Option<String>,
    /// Letters, digits, spaces and dashes; at most 20.
    #[schema(
        required = true,
        min_length = 1,
        max_length = 20,
        pattern = "^[A-Za-z0-9 -]+$"
    )]
    pub postal_code: Option<String>,
    /// ISO 3166-1 alpha-2.
    #[schema(
        required = true,
        min_length = 2,
        max_length = 2,
        pattern = "^[A-Za-z]{2}$"
    )]
    pub country: Option<String>,
}

/// A line of a checkout.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutLine {
    pub product_id: i64,
    pub product_name: String,
    pub kind: ProductKind,
    #[schema(required = true)]
    pub image_url: Option<String>,
    pub quantity: i64,
    /// Cents, as the catalogue had it when the checkout opened.
    pub unit_price: i64,
    /// Cents.
    pub total: i64,
    /// The creator selling it (null: the house catalogue).
    #[schema(required = true)]
    pub seller_username: Option<String>,
    /// The order this line became once paid.
    #[schema(required = true)]
    pub order_id: Option<i64>,
    /// `/api/orders/{orderId}/download` for a paid digital line.
    #[schema(required = true)]
    pub download_url: Option<String>,
    /// When its seller marked it shipped (ISO-8601 UTC).
    #[schema(required = true)]
    pub shipped_at: Option<String>,
    #[schema(required = true)]
    pub tracking_note: Option<String>,
}

impl From<LineView> for CheckoutLine {
    fn from(row: LineView) -> Self {
        let digital = row.product_kind == "digital";
        Self {
            product_id: row.product_id,
            product_name: row.product_name,
            kind: if digital {
                ProductKind::Digital
            } else {
                ProductKind::Physical
            },
            image_url: row.image_key.as_deref().map(url_of),
            quantity: row.quantity,
            unit_price: row.unit_price_cents,
            total: row.unit_price_cents * row.quantity,
            seller_username: row.seller_username,
            order_id: row.order_id,
            download_url: row
                .order_id
                .filter(|_| digital)
                .map(|id| format!("/api/orders/{id}/download")),
            shipped_at: row.shipped_at.map(iso_time),
            tracking_note: row.tracking_note,
        }
    }
}

/// The card a checkout was paid (or is being paid) with: its brand and last 4 digits only.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardBrief {
    /// visa, mastercard, amex, discover or unknown.
    pub brand: String,
    pub last4: String,
}

/// A checkout: the buyer's order of one or more lines, paid once.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checkout {
    pub id: i64,
    pub status: CheckoutStatus,
    pub lines: Vec<CheckoutLine>,
    /// Cents: the lines' sum.
    pub subtotal: i64,
    /// Cents: shipping is free.
    pub shipping: i64,
    /// Cents: the buyer pays no fee (the platform's share comes out of the seller's).
    pub fees: i64,
    /// Cents: what the buyer pays.
    pub total: i64,
    /// `usd`.
    pub currency: String,
    /// Where the physical lines ship (null when every line is digital).
    #[schema(required = true)]
    pub shipping_address: Option<ShippingAddress>,
    #[schema(required = true)]
    pub card: Option<CardBrief>,
    /// Why the payment failed.
    #[schema(required = true)]
    pub failure_message: Option<String>,
    /// Whether it was opened while no real money moves (the test provider, or Stripe's test
    /// keys): its receipt keeps saying so.
    pub test_mode: bool,
    /// Until when the stock is held for this checkout (ISO-8601 UTC).
    pub expires_at: String,
    pub created_at: String,
    #[schema(required = true)]
    pub paid_at: Option<String>,
}

impl Checkout {
    /// `row` with its `lines` (already its own, in order).
    pub fn new(row: CheckoutRow, lines: Vec<LineView>) -> Self {
        let address = row.address().map(ShippingAddress::from);
        let card = match (row.card_brand, row.card_last4) {
            (Some(brand), Some(last4)) => Some(CardBrief { brand, last4 }),
            _ => None,
        };
        Self {
            id: row.id,
            status: CheckoutStatus::of(&row.status),
            lines: lines.into_iter().map(CheckoutLine::from).collect(),
            subtotal: row.total_cents,
            shipping: 0,
            fees: 0,
            total: row.total_cents,
            currency: row.currency,
            shipping_address: address,
            card,
            failure_message: row.failure_message,
            test_mode: row.test_mode == 1,
            expires_at: iso_time(row.expires_at),
            created_at: iso_time(row.created_at),
            paid_at: row.paid_at.map(iso_time),
        }
    }

    /// A page of checkouts with their lines (read in one query for the page).
    pub fn page(rows: Vec<CheckoutRow>, lines: Vec<LineView>) -> Vec<Self> {
        let mut lines = lines.into_iter().peekable();
        rows.into_iter()
            .map(|row| {
                let mut own = Vec::new();
                while let Some(line) = lines.next_if(|line| line.checkout_id == row.id) {
                    own.push(line);
                }
                Self::new(row, own)
            })
            .collect()
    }
}

/// A checkout whose payment Stripe.js confirms in the browser (`POST
/// /api/checkouts/{id}/payment-intent`, Stripe mode only).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutPaymentIntent {
    /// Still `pending_payment`: Stripe's webhook marks it paid.
    pub checkout: Checkout,
    /// The PaymentIntent's client secret, for `<Elements options={{clientSecret}}>`.
    pub client_secret: String,
}

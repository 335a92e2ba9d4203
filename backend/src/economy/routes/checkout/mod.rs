//! Checkout (issue 42, docs/payments.md): the buyer's remembered shipping address, a checkout
//! opened at the review step with its stock reserved, paid with a card (the test provider's
//! Stripe test cards) or through a Stripe PaymentIntent, its extra confirmation step, and the buyer's orders and receipts.

mod checkout_create;
mod checkout_pay;
mod checkout_payment_intent;
mod checkouts_list;
mod shipping_address;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            shipping_address::get_address,
            shipping_address::put_address
        ))
        .routes(routes!(
            checkouts_list::list_checkouts,
            checkout_create::create_checkout
        ))
        .routes(routes!(checkouts_list::get_checkout))
        .routes(routes!(checkout_pay::pay_checkout))
        .routes(routes!(checkout_pay::confirm_checkout))
        .routes(routes!(checkout_payment_intent::create_payment_intent))
}

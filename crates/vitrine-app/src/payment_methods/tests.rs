//! Saved cards through the use cases, over an in-memory store and a provider double that
//! keeps customers, setup intents and payment methods the way Stripe does.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use time::OffsetDateTime;
use vitrine_domain::account::{Email, Role, User, UserId};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::payment::saved::{SavedMethod, SavedMethodStore};
use vitrine_domain::payment::*;
use vitrine_domain::ports::StoreError;

use super::*;
use crate::AppError;

/// 2026-11-25 12:00 UTC.
const NOW: i64 = 1_795_608_000;

#[derive(Default)]
struct Memory {
    customers: Mutex<BTreeMap<i64, String>>,
    methods: Mutex<Vec<SavedMethod>>,
}

#[async_trait]
impl SavedMethodStore for Memory {
    async fn provider_customer(&self, user: UserId) -> Result<Option<String>, StoreError> {
        Ok(self.customers.lock().unwrap().get(&user.0).cloned())
    }
    async fn link_provider_customer(
        &self,
        user: UserId,
        customer: &str,
        _: i64,
    ) -> Result<String, StoreError> {
        let mut all = self.customers.lock().unwrap();
        Ok(all
            .entry(user.0)
            .or_insert_with(|| customer.to_owned())
            .clone())
    }
    async fn saved_methods(&self, user: UserId) -> Result<Vec<SavedMethod>, StoreError> {
        let all = self.methods.lock().unwrap();
        Ok(all.iter().filter(|m| m.user == user).cloned().collect())
    }
    async fn saved_method(&self, id: &str) -> Result<Option<SavedMethod>, StoreError> {
        let all = self.methods.lock().unwrap();
        Ok(all.iter().find(|m| m.method_id == id).cloned())
    }
    async fn save_method(&self, method: &SavedMethod) -> Result<SavedMethod, StoreError> {
        let mut all = self.methods.lock().unwrap();
        let first = !all.iter().any(|m| m.user == method.user);
        if method.is_default || first {
            for m in all.iter_mut().filter(|m| m.user == method.user) {
                m.is_default = false;
            }
        }
        let saved = SavedMethod {
            is_default: method.is_default || first,
            ..method.clone()
        };
        all.push(saved.clone());
        Ok(saved)
    }
    async fn delete_method(
        &self,
        user: UserId,
        id: &str,
    ) -> Result<Option<SavedMethod>, StoreError> {
        let mut all = self.methods.lock().unwrap();
        let at = all.iter().position(|m| m.method_id == id && m.user == user);
        Ok(at.map(|at| all.remove(at)))
    }
    async fn set_default_method(&self, user: UserId, id: &str) -> Result<bool, StoreError> {
        let mut all = self.methods.lock().unwrap();
        if !all.iter().any(|m| m.method_id == id && m.user == user) {
            return Ok(false);
        }
        for m in all.iter_mut().filter(|m| m.user == user) {
            m.is_default = m.method_id == id;
        }
        Ok(true)
    }
    async fn replace_method(
        &self,
        user: UserId,
        old: &str,
        new: &SavedMethod,
    ) -> Result<Option<SavedMethod>, StoreError> {
        let mut all = self.methods.lock().unwrap();
        let Some(at) = all
            .iter()
            .position(|m| m.method_id == old && m.user == user)
        else {
            return Ok(None);
        };
        let was = all.remove(at);
        let saved = SavedMethod {
            is_default: was.is_default,
            ..new.clone()
        };
        all.push(saved.clone());
        Ok(Some(saved))
    }
}

/// Cards by id: `pm_visa` works, `pm_3ds` needs authentication, `pm_declined` is refused.
#[derive(Default)]
struct Provider {
    customers: Mutex<Vec<String>>,
    setups: Mutex<BTreeMap<String, SetupIntent>>,
    detached: Mutex<Vec<String>>,
}

fn nope() -> ProviderError {
    ProviderError::InvalidRequest {
        code: "unsupported".into(),
        message: "not used here".into(),
    }
}

#[async_trait]
impl PaymentProvider for Provider {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Test
    }
    fn livemode(&self) -> bool {
        false
    }
    fn browser_config(&self) -> BrowserConfig {
        BrowserConfig {
            provider: "test".into(),
            publishable_key: "pk".into(),
            api_base: None,
            livemode: false,
        }
    }
    async fn create_customer(
        &self,
        params: CreateCustomer,
        _: IdempotencyKey,
    ) -> Result<Customer, ProviderError> {
        let mut all = self.customers.lock().unwrap();
        let id = format!("cus_{}", all.len() + 1);
        all.push(id.clone());
        Ok(Customer {
            id,
            email: params.email,
        })
    }
    async fn create_payment_intent(
        &self,
        _: CreatePaymentIntent,
        _: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        Err(nope())
    }
    async fn update_payment_intent(
        &self,
        _: &str,
        _: UpdatePaymentIntent,
        _: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        Err(nope())
    }
    async fn retrieve_payment_intent(&self, _: &str) -> Result<PaymentIntent, ProviderError> {
        Err(nope())
    }
    async fn confirm_payment_intent(
        &self,
        _: &str,
        _: ConfirmPaymentIntent,
        _: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        Err(nope())
    }
    async fn cancel_payment_intent(
        &self,
        _: &str,
        _: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        Err(nope())
    }
    async fn create_setup_intent(
        &self,
        params: CreateSetupIntent,
        _: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        let pm = params.payment_method.clone().unwrap_or_default();
        if pm == "pm_declined" {
            return Err(ProviderError::Card {
                error: CardError {
                    code: "card_declined".into(),
                    decline_code: Some("generic_decline".into()),
                    message: "Your card was declined.".into(),
                },
                intent: None,
            });
        }
        let mut all = self.setups.lock().unwrap();
        let id = format!("seti_{}", all.len() + 1);
        let needs_action = pm == "pm_3ds";
        let intent = SetupIntent {
            client_secret: format!("{id}_secret_x"),
            id: id.clone(),
            status: if needs_action {
                SetupStatus::RequiresAction
            } else {
                SetupStatus::Succeeded
            },
            payment_method: Some(pm),
            customer: params.customer,
            next_action: needs_action.then(|| NextAction::RedirectToUrl {
                url: format!("/_test_provider/3ds/{id}"),
                return_url: params.return_url.unwrap_or_default(),
            }),
            last_setup_error: None,
            metadata: params.metadata,
            livemode: false,
        };
        all.insert(id, intent.clone());
        Ok(intent)
    }
    async fn retrieve_setup_intent(&self, id: &str) -> Result<SetupIntent, ProviderError> {
        self.setups
            .lock()
            .unwrap()
            .get(id)
            .cloned()
            .ok_or_else(|| ProviderError::InvalidRequest {
                code: "resource_missing".into(),
                message: format!("No such setup_intent: {id}"),
            })
    }
    async fn retrieve_payment_method(&self, id: &str) -> Result<PaymentMethod, ProviderError> {
        Ok(PaymentMethod {
            id: id.to_owned(),
            customer: None,
            card: CardSummary {
                brand: "visa".into(),
                last4: if id == "pm_3ds" { "3220" } else { "4242" }.into(),
                exp_month: 12,
                exp_year: 2030,
                fingerprint: None,
            },
        })
    }
    async fn detach_payment_method(
        &self,
        id: &str,
        _: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError> {
        self.detached.lock().unwrap().push(id.to_owned());
        self.retrieve_payment_method(id).await
    }
    async fn create_refund(
        &self,
        _: CreateRefund,
        _: IdempotencyKey,
    ) -> Result<Refund, ProviderError> {
        Err(nope())
    }
    fn verify_webhook(&self, _: &[u8], _: &str, _: i64) -> Result<WebhookEvent, WebhookError> {
        Err(WebhookError::MissingSignature)
    }
}

impl Provider {
    fn authenticate(&self, id: &str, passed: bool) {
        let mut all = self.setups.lock().unwrap();
        let intent = all.get_mut(id).expect("setup intent");
        intent.next_action = None;
        if passed {
            intent.status = SetupStatus::Succeeded;
        } else {
            intent.status = SetupStatus::RequiresPaymentMethod;
            intent.payment_method = None;
        }
    }
}

struct Kit {
    methods: PaymentMethods,
    store: Arc<Memory>,
    provider: Arc<Provider>,
}

fn kit() -> Kit {
    let store = Arc::new(Memory::default());
    let provider = Arc::new(Provider::default());
    let methods = PaymentMethods::new(PaymentMethodsParts {
        store: Arc::clone(&store) as Arc<dyn SavedMethodStore>,
        payments: Arc::clone(&provider) as Arc<dyn PaymentProvider>,
        public_url: "https://shop.example/".into(),
        clock: Arc::new(|| OffsetDateTime::from_unix_timestamp(NOW).expect("time")),
    });
    Kit {
        methods,
        store,
        provider,
    }
}

fn user(id: i64) -> User {
    User {
        id: UserId(id),
        email: Email::parse(&format!("user{id}@example.com")).expect("email"),
        display_name: "Ada".into(),
        first_name: String::new(),
        last_name: String::new(),
        role: Role::Customer,
        coming_soon_banner_dismissed: false,
    }
}

fn add(card: &str) -> SetupRequest {
    SetupRequest {
        payment_method: card.into(),
        replace: None,
    }
}

fn is_not_found(result: &Result<impl std::fmt::Debug, AppError>) -> bool {
    matches!(
        result,
        Err(AppError::PaymentMethod(PaymentMethodError::NotFound))
    )
}

#[tokio::test]
async fn a_card_is_saved_for_the_accounts_one_provider_customer() {
    let k = kit();
    let ada = user(1);
    let answer = k
        .methods
        .start_setup(&ada, add("pm_visa"))
        .await
        .expect("setup");
    let SetupAnswer::Saved { intent, method } = answer else {
        panic!("a plain card is saved at once: {answer:?}");
    };
    assert_eq!(intent.customer.as_deref(), Some("cus_1"));
    assert_eq!(method.card.display_name(), "Visa ending in 4242");
    assert!(method.is_default);
    k.methods
        .start_setup(&ada, add("pm_two"))
        .await
        .expect("second");
    assert_eq!(
        k.provider.customers.lock().unwrap().len(),
        1,
        "the customer is made on first need only"
    );
    let listed = k.methods.list(&ada).await.expect("list");
    assert_eq!(listed.len(), 2);
    assert_eq!(
        listed.iter().filter(|m| m.is_default).count(),
        1,
        "the added card is the new default"
    );
}

#[tokio::test]
async fn a_three_d_secure_card_is_saved_after_the_challenge_and_only_by_its_account() {
    let k = kit();
    let (ada, bob) = (user(1), user(2));
    let answer = k
        .methods
        .start_setup(&ada, add("pm_3ds"))
        .await
        .expect("setup");
    let SetupAnswer::NeedsAction {
        intent,
        redirect_url,
        return_url,
    } = answer
    else {
        panic!("3-D Secure first: {answer:?}");
    };
    assert_eq!(redirect_url.as_deref(), Some("/_test_provider/3ds/seti_1"));
    let data = return_url
        .strip_prefix("/my-account/add-payment-method/#response=")
        .expect("back to the add page");
    use base64::Engine;
    let data: serde_json::Value = serde_json::from_slice(
        &base64::engine::general_purpose::STANDARD
            .decode(data)
            .expect("base64"),
    )
    .expect("json");
    assert_eq!(data["type"], "setup", "spec §3 return data for a setup");
    assert_eq!(data["pm"], "pm_3ds");
    assert_eq!(data["save_method"], true);
    assert!(k.methods.list(&ada).await.expect("list").is_empty());

    let early = k
        .methods
        .finish_setup(&ada, &intent.id, &intent.client_secret, None)
        .await;
    assert!(
        matches!(
            early,
            Err(AppError::PaymentMethod(
                PaymentMethodError::SetupFailed { .. }
            ))
        ),
        "{early:?}"
    );
    k.provider.authenticate(&intent.id, true);
    k.methods
        .start_setup(&bob, add("pm_bob"))
        .await
        .expect("bob");
    let stolen = k
        .methods
        .finish_setup(&bob, &intent.id, &intent.client_secret, None)
        .await;
    assert!(
        matches!(
            stolen,
            Err(AppError::PaymentMethod(PaymentMethodError::SetupNotFound))
        ),
        "another account's setup: {stolen:?}"
    );
    let wrong = k
        .methods
        .finish_setup(&ada, &intent.id, "seti_1_secret_y", None)
        .await;
    assert!(
        matches!(
            wrong,
            Err(AppError::PaymentMethod(PaymentMethodError::SetupNotFound))
        ),
        "{wrong:?}"
    );
    let saved = k
        .methods
        .finish_setup(&ada, &intent.id, &intent.client_secret, None)
        .await
        .expect("finished");
    assert_eq!(saved.card.last4, "3220");
    let again = k
        .methods
        .finish_setup(&ada, &intent.id, &intent.client_secret, None)
        .await
        .expect("a reload finishes the same way");
    assert_eq!(again.method_id, saved.method_id);
    assert_eq!(k.methods.list(&ada).await.expect("list").len(), 1);
}

#[tokio::test]
async fn a_refused_card_or_failed_authentication_saves_nothing() {
    let k = kit();
    let ada = user(1);
    let refused = k.methods.start_setup(&ada, add("pm_declined")).await;
    assert!(
        matches!(&refused, Err(AppError::PaymentMethod(PaymentMethodError::SetupFailed { message })) if message == "Your card was declined."),
        "{refused:?}"
    );
    let Ok(SetupAnswer::NeedsAction { intent, .. }) =
        k.methods.start_setup(&ada, add("pm_3ds")).await
    else {
        panic!("3-D Secure first");
    };
    k.provider.authenticate(&intent.id, false);
    let failed = k
        .methods
        .finish_setup(&ada, &intent.id, &intent.client_secret, None)
        .await;
    assert!(
        matches!(
            failed,
            Err(AppError::PaymentMethod(
                PaymentMethodError::SetupFailed { .. }
            ))
        ),
        "{failed:?}"
    );
    assert!(k.methods.list(&ada).await.expect("list").is_empty());
    let bad = k.methods.start_setup(&ada, add("tok_visa")).await;
    assert!(
        matches!(
            bad,
            Err(AppError::Invalid {
                field: "payment_method",
                ..
            })
        ),
        "{bad:?}"
    );
}

#[tokio::test]
async fn another_accounts_card_is_not_found_for_every_use() {
    let k = kit();
    let (ada, bob) = (user(1), user(2));
    k.methods
        .start_setup(&ada, add("pm_visa"))
        .await
        .expect("ada's card");

    assert!(is_not_found(&k.methods.delete(&bob, "pm_visa").await));
    assert!(is_not_found(&k.methods.make_default(&bob, "pm_visa").await));
    assert!(is_not_found(
        &k.methods.payer(Some(&bob), "pm_visa", true, false).await
    ));
    assert!(
        is_not_found(&k.methods.payer(Some(&bob), "pm_visa", false, true).await),
        "sent as a new card"
    );
    assert!(
        is_not_found(&k.methods.payer(None, "pm_visa", false, false).await),
        "a guest"
    );
    assert!(is_not_found(
        &k.methods.payer(Some(&bob), "pm_unknown", true, false).await
    ));
    let replace = SetupRequest {
        payment_method: "pm_new".into(),
        replace: Some("pm_visa".into()),
    };
    assert!(is_not_found(&k.methods.start_setup(&bob, replace).await));
    assert!(is_not_found(
        &k.methods.start_setup(&bob, add("pm_visa")).await
    ));
    assert_eq!(
        k.methods.list(&ada).await.expect("list").len(),
        1,
        "untouched"
    );
    assert!(
        k.provider.detached.lock().unwrap().is_empty(),
        "nothing detached"
    );
}

#[tokio::test]
async fn the_payer_names_the_customer_for_saved_cards_and_saving_only() {
    let k = kit();
    let ada = user(1);
    k.methods
        .start_setup(&ada, add("pm_visa"))
        .await
        .expect("saved");
    let saved = k
        .methods
        .payer(Some(&ada), "pm_visa", true, true)
        .await
        .expect("saved");
    assert_eq!(
        saved,
        Payer {
            method: "pm_visa".into(),
            customer: Some("cus_1".into()),
            save: false,
        },
        "a saved card is paid as its customer and not saved twice"
    );
    let new = k
        .methods
        .payer(Some(&ada), "pm_new", false, true)
        .await
        .expect("new");
    assert_eq!((new.customer.as_deref(), new.save), (Some("cus_1"), true));
    let plain = k
        .methods
        .payer(Some(&ada), "pm_new", false, false)
        .await
        .expect("plain");
    assert_eq!((plain.customer, plain.save), (None, false));
    let guest = k
        .methods
        .payer(None, "pm_new", false, true)
        .await
        .expect("guest");
    assert_eq!(
        (guest.customer, guest.save),
        (None, false),
        "a guest's save is ignored"
    );
}

fn paid(pm: &str, customer: Option<&str>, save: bool) -> PaymentIntent {
    PaymentIntent {
        id: "pi_1".into(),
        amount: Money::new(1800, Currency::USD),
        status: IntentStatus::Succeeded,
        client_secret: "pi_1_secret".into(),
        payment_method: Some(pm.into()),
        customer: customer.map(str::to_owned),
        save_payment_method: save,
        next_action: None,
        last_payment_error: None,
        latest_charge: Some("ch_1".into()),
        metadata: BTreeMap::new(),
        livemode: false,
    }
}

#[tokio::test]
async fn a_card_paid_with_save_is_kept_once_for_the_orders_account() {
    let k = kit();
    let ada = user(1);
    let payer = k
        .methods
        .payer(Some(&ada), "pm_new", false, true)
        .await
        .expect("payer");
    let intent = paid("pm_new", payer.customer.as_deref(), true);
    k.methods.remember_paid(Some(1), &intent).await;
    k.methods.remember_paid(Some(1), &intent).await;
    let saved = k.store.saved_methods(UserId(1)).await.expect("list");
    assert_eq!(saved.len(), 1, "kept once whoever settles first");
    assert!(saved[0].is_default, "the account's first card");

    k.methods
        .remember_paid(Some(1), &paid("pm_nosave", Some("cus_1"), false))
        .await;
    k.methods
        .remember_paid(None, &paid("pm_guest", Some("cus_1"), true))
        .await;
    k.methods
        .remember_paid(Some(2), &paid("pm_other", Some("cus_1"), true))
        .await;
    assert_eq!(
        k.store.saved_methods(UserId(1)).await.expect("list").len(),
        1
    );
    assert!(
        k.store
            .saved_methods(UserId(2))
            .await
            .expect("list")
            .is_empty(),
        "an intent of another account's customer saves nothing"
    );
}

#[tokio::test]
async fn change_replaces_the_card_keeps_it_default_and_detaches_the_old_one() {
    let k = kit();
    let ada = user(1);
    k.methods
        .start_setup(&ada, add("pm_visa"))
        .await
        .expect("saved");
    let change = SetupRequest {
        payment_method: "pm_3ds".into(),
        replace: Some("pm_visa".into()),
    };
    let Ok(SetupAnswer::NeedsAction {
        intent, return_url, ..
    }) = k.methods.start_setup(&ada, change).await
    else {
        panic!("3-D Secure first");
    };
    assert!(return_url.contains("#response="));
    k.provider.authenticate(&intent.id, true);
    let new = k
        .methods
        .finish_setup(&ada, &intent.id, &intent.client_secret, Some("pm_visa"))
        .await
        .expect("changed");
    assert!(new.is_default);
    let ids: Vec<_> = k
        .methods
        .list(&ada)
        .await
        .expect("list")
        .into_iter()
        .map(|m| m.method_id)
        .collect();
    assert_eq!(ids, ["pm_3ds"]);
    assert_eq!(*k.provider.detached.lock().unwrap(), ["pm_visa"]);
}

#[tokio::test]
async fn delete_detaches_at_the_provider_then_forgets() {
    let k = kit();
    let ada = user(1);
    k.methods
        .start_setup(&ada, add("pm_visa"))
        .await
        .expect("saved");
    k.methods.delete(&ada, "pm_visa").await.expect("deleted");
    assert!(k.methods.list(&ada).await.expect("list").is_empty());
    assert_eq!(*k.provider.detached.lock().unwrap(), ["pm_visa"]);
    assert!(is_not_found(&k.methods.delete(&ada, "pm_visa").await));
}

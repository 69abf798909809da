//! The GDPR filter values (spec §7, PixelYourSite's `pys_get_gdpr_filters_values`): which
//! providers and cookie groups the browser must keep disabled, derived from effective grants.

use serde::Serialize;

use super::ConsentChoices;

/// `data` of `GET /api/v1/tracking/gdpr-filters`. Flag names follow PixelYourSite, so a
/// PYS-style script reads them unchanged; `true` means "disabled".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct GdprFilters {
    pub all_disabled_by_api: bool,
    pub facebook_disabled_by_api: bool,
    /// Google Analytics (PYS name).
    pub analytics_disabled_by_api: bool,
    /// Same as `analytics_disabled_by_api`.
    pub ga_disabled_by_api: bool,
    pub google_ads_disabled_by_api: bool,
    pub tiktok_disabled_by_api: bool,
    pub pinterest_disabled_by_api: bool,
    pub bing_disabled_by_api: bool,
    /// The pbid external id must not be fetched or sent.
    #[serde(rename = "externalID_disabled_by_api")]
    pub external_id_disabled_by_api: bool,
    pub disabled_all_cookie: bool,
    pub disabled_start_session_cookie: bool,
    pub disabled_advanced_form_data_cookie: bool,
    pub disabled_landing_page_cookie: bool,
    pub disabled_first_visit_cookie: bool,
    pub disabled_trafficsource_cookie: bool,
    #[serde(rename = "disabled_utmTerms_cookie")]
    pub disabled_utm_terms_cookie: bool,
    /// Ad click-id cookies (fbadid, gadid, padid, bingid).
    #[serde(rename = "disabled_utmId_cookie")]
    pub disabled_utm_id_cookie: bool,
    /// Per consent category: `true` when the category is denied.
    pub disabled_analytics_cookie: bool,
    pub disabled_marketing_cookie: bool,
    pub disabled_google_ads_cookie: bool,
    pub disabled_preferences_cookie: bool,
    /// The banner must be shown: no decision, a new banner version, or older than 12 months.
    pub consent_required: bool,
    /// The banner version the shop currently shows.
    pub banner_version: String,
    /// The effective grants these flags were computed from.
    pub categories: ConsentChoices,
}

impl GdprFilters {
    /// Marketing gates the ad and social platforms, advanced matching and click ids;
    /// `google_ads` gates Google Ads (spec §6); analytics gates GA and the visit/attribution
    /// cookies (sourcebuster-style statistics).
    pub fn from_grants(
        grants: ConsentChoices,
        consent_required: bool,
        banner_version: &str,
    ) -> Self {
        let no_marketing = !grants.marketing;
        let no_analytics = !grants.analytics;
        let no_google_ads = !grants.google_ads;
        let nothing = no_marketing && no_analytics && no_google_ads;
        Self {
            all_disabled_by_api: nothing,
            facebook_disabled_by_api: no_marketing,
            analytics_disabled_by_api: no_analytics,
            ga_disabled_by_api: no_analytics,
            google_ads_disabled_by_api: no_google_ads,
            tiktok_disabled_by_api: no_marketing,
            pinterest_disabled_by_api: no_marketing,
            bing_disabled_by_api: no_marketing,
            external_id_disabled_by_api: no_marketing,
            disabled_all_cookie: nothing,
            disabled_start_session_cookie: no_analytics,
            disabled_advanced_form_data_cookie: no_marketing,
            disabled_landing_page_cookie: no_analytics,
            disabled_first_visit_cookie: no_analytics,
            disabled_trafficsource_cookie: no_analytics,
            disabled_utm_terms_cookie: no_analytics,
            disabled_utm_id_cookie: no_marketing,
            disabled_analytics_cookie: no_analytics,
            disabled_marketing_cookie: no_marketing,
            disabled_google_ads_cookie: no_google_ads,
            disabled_preferences_cookie: !grants.preferences,
            consent_required,
            banner_version: banner_version.to_owned(),
            categories: grants,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denying_everything_disables_every_provider_and_cookie() {
        let f = GdprFilters::from_grants(ConsentChoices::ALL_DENIED, true, "1");
        let json = serde_json::to_value(&f).expect("serialises");
        let flags = json.as_object().expect("object");
        for (key, value) in flags {
            if key.ends_with("_by_api") || key.starts_with("disabled_") {
                assert_eq!(value, true, "{key}");
            }
        }
        assert_eq!(json["consent_required"], true);
    }

    #[test]
    fn analytics_only_keeps_ads_off_and_analytics_on() {
        let grants = ConsentChoices {
            analytics: true,
            marketing: false,
            google_ads: false,
            preferences: false,
        };
        let f = GdprFilters::from_grants(grants, false, "3");
        assert!(!f.analytics_disabled_by_api && !f.ga_disabled_by_api);
        assert!(
            f.facebook_disabled_by_api && f.tiktok_disabled_by_api && f.google_ads_disabled_by_api
        );
        assert!(!f.all_disabled_by_api);
        assert!(!f.disabled_landing_page_cookie && f.disabled_utm_id_cookie);
    }

    #[test]
    fn google_ads_follows_its_own_choice_not_marketing() {
        let marketing_only = ConsentChoices {
            marketing: true,
            google_ads: false,
            ..ConsentChoices::ALL_DENIED
        };
        let f = GdprFilters::from_grants(marketing_only, false, "1");
        assert!(f.google_ads_disabled_by_api && f.disabled_google_ads_cookie);
        assert!(!f.facebook_disabled_by_api && !f.tiktok_disabled_by_api);
        assert!(!f.all_disabled_by_api);

        let ads_only = ConsentChoices {
            google_ads: true,
            ..ConsentChoices::ALL_DENIED
        };
        let f = GdprFilters::from_grants(ads_only, false, "1");
        assert!(!f.google_ads_disabled_by_api && !f.disabled_google_ads_cookie);
        assert!(f.facebook_disabled_by_api && f.analytics_disabled_by_api);
        assert!(!f.all_disabled_by_api && !f.disabled_all_cookie);
    }

    #[test]
    fn flag_names_match_pixelyoursite() {
        let json = serde_json::to_value(GdprFilters::from_grants(
            ConsentChoices::ALL_GRANTED,
            false,
            "1",
        ))
        .expect("serialises");
        for key in [
            "externalID_disabled_by_api",
            "disabled_utmTerms_cookie",
            "disabled_utmId_cookie",
        ] {
            assert_eq!(json[key], false, "{key}");
        }
    }
}

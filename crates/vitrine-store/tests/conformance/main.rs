//! The storage conformance suite: every story runs on SQLite (a temp file each) and, when
//! VITRINE_TEST_POSTGRES_URL is set, on PostgreSQL (a fresh schema each).

mod harness;
mod stories;

/// One `#[tokio::test]` per story and backend: `sqlite::<story>` and `postgres::<story>`.
macro_rules! conformance {
    ($($story:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $story() {
                    crate::harness::on_sqlite(crate::stories::$story).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $story() {
                    crate::harness::on_postgres(crate::stories::$story).await;
                }
            )*
        }
    };
}

conformance!(
    database_pings_and_migrates_twice,
    a_dropped_import_leaves_nothing_and_a_commit_shows_everything,
    upserting_the_same_product_again_changes_nothing,
    a_failed_upsert_keeps_the_rest_of_the_import,
    slugs_are_unique_and_free_ones_are_numbered,
    skus_are_unique_across_products_and_variations,
    ids_are_shared_by_products_and_variations_and_never_reused,
    categories_form_a_tree_with_paths,
    tags_and_images_are_found_or_created_once,
    category_counts_include_descendants_and_only_listed_products,
    listings_honour_catalogue_visibility,
    related_products_follow_the_product_in_its_categories_and_wrap_around,
    listings_page_with_a_total,
    listings_sort_every_way,
    the_listing_order_is_every_page_in_turn,
    a_grouped_product_sorts_by_its_cheapest_child,
    listings_filter_by_category_tag_and_featured,
    search_matches_names_skus_and_descriptions,
    every_write_raises_the_change_counter_and_is_found_after_the_last_seen,
    a_dropped_import_raises_no_change,
    listings_filter_by_attribute_terms_and_price_with_counts,
    a_rewritten_product_replaces_its_terms,
    the_rating_order_follows_approved_reviews,
    renaming_a_category_or_tag_renumbers_the_products_that_carry_it,
    terms_of_products_stored_before_the_filters_are_filled_in,
    a_paid_order_counts_its_units_in_the_products_sales_once,
    products_by_ids_keep_the_order_asked,
    images_lead_to_the_products_showing_them,
    images_of_products_stored_before_the_links_are_found,
    products_read_in_place_are_the_pools_with_their_stock,
    a_variation_leads_to_its_product,
    a_corrupt_document_is_an_error_not_a_panic,
    documents_written_before_prices_had_a_currency_still_read,
    written_documents_keep_minor_units_and_name_their_currency,
    a_product_priced_in_two_currencies_is_refused_not_stored_wrong,
    a_cart_is_created_on_first_save_then_loaded_and_saved,
    a_stale_version_is_a_conflict_and_writes_nothing,
    sessions_are_random_and_their_carts_separate,
    concurrent_writers_with_retry_lose_no_line,
    many_carts_saved_at_once_each_keep_their_compare_and_swap,
    a_corrupt_cart_is_an_error_not_a_panic,
    a_review_is_stored_as_written_and_read_back,
    only_approved_reviews_are_listed_newest_first,
    the_summary_counts_approved_reviews_and_sums_their_ratings,
    imported_reviews_are_added_once_and_all_or_nothing,
    highlights_are_the_newest_well_rated_approved_reviews,
    users_are_unique_by_email_and_found_with_their_hash,
    sessions_expire_end_on_logout_and_on_a_replaced_password,
    the_coming_soon_banner_dismissal_is_kept_per_user,
    block_edits_are_saved_and_replaced,
    account_details_are_saved_and_an_email_stays_unique,
    a_new_password_ends_every_other_session_and_pending_reset,
    a_reset_link_works_once_until_it_expires_and_a_new_one_replaces_it,
    two_uses_of_one_reset_link_at_once_let_one_through,
    the_first_provider_customer_linked_to_an_account_stays,
    saved_cards_keep_one_default_and_only_display_data,
    an_account_never_reaches_another_accounts_card,
    a_replaced_card_keeps_its_place_as_default,
    a_burst_is_reserved_then_braked_until_the_rate_refills_it,
    concurrent_reservations_never_exceed_the_burst,
    a_reservation_of_several_keys_is_all_or_nothing,
    concurrent_pairs_sharing_keys_in_any_order_neither_deadlock_nor_exceed,
    a_released_attempt_can_be_reserved_again_but_never_beyond_the_burst,
    a_rule_that_is_off_counts_nothing,
    expired_counts_are_swept_and_live_ones_kept,
    a_claimed_row_is_leased_until_it_expires,
    concurrent_claims_never_share_a_row,
    failures_back_off_then_die,
    the_latest_consent_of_a_subject_wins,
    an_attribution_snapshot_is_kept_per_session_and_replaced,
    an_upgrade_from_the_old_tracking_runner_keeps_every_row,
    an_order_is_placed_read_back_and_its_stock_taken,
    a_short_item_refuses_the_whole_order_and_backorders_go_below_zero,
    a_key_replays_and_a_cart_resumes_its_unpaid_order,
    a_used_key_with_another_cart_writes_nothing,
    concurrent_placements_of_one_key_make_one_order,
    fifty_concurrent_orders_for_five_units_place_exactly_five,
    two_concurrent_finalizes_mark_paid_once,
    a_payment_for_another_amount_does_not_mark_paid,
    a_cancel_gives_the_stock_back_once_and_a_late_payment_takes_it_again,
    attempts_are_kept_by_intent_and_stale_ones_found,
    webhook_events_are_recorded_once,
    a_download_counts_down_and_stops_at_its_limit_and_expiry,
    a_queued_mail_is_claimed_by_one_worker_then_sent,
    saved_addresses_are_per_account_and_kind_and_replaced,
    an_account_lists_only_its_own_orders_newest_first_by_page,
    an_account_sees_the_usable_downloads_of_its_paid_orders_only,
    pricing_settings_are_saved_whole_read_back_exactly_and_versioned,
    concurrent_pricing_saves_each_get_their_own_version,
    a_resumed_unpaid_order_is_repriced_in_place_until_it_is_paid,
    a_paid_order_moves_with_one_note_per_event_and_never_backwards,
    paying_an_order_empties_its_cart_in_the_same_transaction,
    an_attachment_is_pending_until_its_sizes_are_saved_then_deleted_once,
);

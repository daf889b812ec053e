/**
 * What the database holds that Drizzle cannot declare: it lives only in the SQL of the migrations
 * (docs/scaling.md, 'Adding an index, a trigger or a function'). Not exported from schema/index.ts
 * (it is no table); test/schema-indexes.test.ts checks the migrated database has exactly these.
 */
export const SQL_ONLY = {
  /** The trigram indexes' operator classes (0008), and GIN over plain values beside them (0010). */
  extensions: ['btree_gin', 'pg_trgm'],
  functions: [
    // The default of `users.referral_code` (0003).
    'referral_code_new',
    // The counts of `row_counts` (0013, 0015).
    'count_rows',
    'move_row_count',
    'count_waitlist_entry_move',
    'count_event_move',
    'count_user_move',
    // `business_pages.search_text` (0025, decision 030).
    'business_page_search_text',
    'business_pages_set_search_text',
    'business_pages_follow_owner',
    'business_pages_follow_partner',
    // A deleted participation revokes its ticket (0032, decision 045).
    'revoke_participation_ticket',
    // `payment_monthly_totals` follows every write to payments (0041, decision 055).
    'payment_monthly_totals_add',
    'payment_monthly_totals_apply',
    'payment_monthly_totals_refill',
    // `payment_day_totals`, the totals of 'Transactions', follows every write to payments (0042, decision 054).
    'payment_day_totals_count',
    'payment_day_totals_move',
    'payment_day_totals_refill',
    // The instances forget the sessions of an account when it changes (0054, decision 070).
    'announce_session_change',
    'announce_account_access_change',
    'announce_sessions_emptied',
  ],
  /**
   * Index → its INCLUDE columns (not keys: an index-only scan reads them), added by hand to the
   * index's CREATE INDEX: 'Près de moi' reads its page and its count from the index alone (0040, decision 057).
   */
  included: {
    events_public_location_idx: ['id', 'latitude', 'longitude', 'end_date_time'],
  },
  /**
   * Table → its triggers: the counts of `row_counts` (statement triggers of 0013, row triggers of
   * 0015), `business_pages.search_text` following the page, its owner and its partner (0025), and
   * the announcements of changed sessions and access (0054).
   */
  triggers: {
    waitlist_entries: ['waitlist_entries_count_insert', 'waitlist_entries_count_update', 'waitlist_entries_count_delete'],
    events: ['events_count_insert', 'events_count_update', 'events_count_delete'],
    partners: ['partners_count_insert', 'partners_count_delete', 'partners_business_pages_search_text'],
    users: [
      'users_count_insert',
      'users_count_update',
      'users_count_delete',
      'users_business_pages_search_text',
      'users_announce_access_change',
      'users_announce_truncate',
    ],
    sessions: ['sessions_announce_update', 'sessions_announce_delete', 'sessions_announce_truncate'],
    business_pages: ['business_pages_search_text_insert', 'business_pages_search_text_update'],
    event_participations: ['event_participations_revoke_ticket'],
    payments: [
      'payments_monthly_totals',
      'payments_day_totals_insert',
      'payments_day_totals_update',
      'payments_day_totals_delete',
    ],
  },
} as const;

#!/usr/bin/env node
// Scale benchmark (decision 013): a fresh database filled with BENCH_ROWS rows per big table by SQL
// (generate_series), with the community, partners and referral tables in proportion (see
// communityStatements), the real server started on it, then every list, search, filter, deep page,
// the dashboard, the charts and the waiting-list CSV export, one request at a time (p50 / p95) and
// at 10 connections (req/s), beside a bare Fastify route returning the same bytes as the anonymous
// event list.
//
//   npm run bench:scale                      PostgreSQL, 1,000,000 rows (BENCH_DATABASE_URL, default
//                                            postgres://postgres@127.0.0.1:5432/postgres, creates
//                                            bench_scale_… and drops it after)
//   npm run bench:scale -- --pglite          PGlite in a temporary folder, 100,000 rows
//   BENCH_ROWS=200000 BENCH_SAMPLES=40 BENCH_DURATION=5 BENCH_STRESS_DURATION=30
//   BENCH_STATS_VIEWS=10000000               views in the statistics roll-up (default 10M; 1M on PGlite)
//   npm run bench:scale -- --no-stress       skips the 50-connection run with a login beside it
//   npm run bench:scale -- --keep            keeps the PostgreSQL database (its URL is printed) for EXPLAIN
//   npm run bench:scale -- --fill-only       fills a database, keeps it and stops there (no request)
//   BENCH_REUSE_URL=postgres://…/bench_scale_x npm run bench:scale
//                                            times the lines on a database filled before (kept, not dropped)
//   BENCH_LINES='two words|cursor'           only the lines whose name matches
//   BENCH_PAYMENTS=1000000                   payments (default: as many as BENCH_ROWS), over two years
//   BENCH_LIVE_CAMPAIGNS=1000                ad campaigns running today (and nine times as many others)
//
// The targets (the agreed speed budgets) are printed beside the figures; the script never
// fails on them (a benchmark, not a timed test), only when the server misbehaves (5xx).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitForHealth } from '@app/test-utils/server';
import pg from 'pg';
import { freshPostgresDatabase } from '../packages/test-utils/src/postgres-database.ts';
import { PAGE_DEPTH_MAX } from '../packages/shared/src/page-depth.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  benchServerEnv,
  cpuSeconds,
  machineBusySeconds,
  postgresCpu,
  postgresCpuSince,
  startBare,
  startServer,
  stopServer,
  superadminHeaders,
  throughput,
} from './lib/bench-server.mjs';

const args = new Set(process.argv.slice(2));
const usePglite = args.has('--pglite');
const fillOnly = args.has('--fill-only');
const keep = args.has('--keep') || fillOnly;
const rows = Number(process.env.BENCH_ROWS ?? (usePglite ? 100_000 : 1_000_000));
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const stressDuration = Number(process.env.BENCH_STRESS_DURATION ?? 30);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const P95_TARGET = usePglite ? 50 : 20;
/** The slowest of a line's different requests (issue 31: searches of several words, at 1,000,000 rows). */
const MAX_TARGET = usePglite ? Number.POSITIVE_INFINITY : 50;
const withinTargets = (r) =>
  !r.bad &&
  (r.p95 === undefined || r.p95 <= P95_TARGET) &&
  (!r.varied || (r.varied.p95 <= P95_TARGET && r.varied.max <= MAX_TARGET));
/** Views summed in the statistics roll-up (decision 040): 10 million on PostgreSQL, as issue 27 asks. */
const statsViews = Number(process.env.BENCH_STATS_VIEWS ?? (usePglite ? 1_000_000 : 10_000_000));
const paymentRows = Number(process.env.BENCH_PAYMENTS ?? rows);
/** Campaigns running today ('Publicités'): 1,000 as issue 30 asks. */
const liveCampaigns = Number(process.env.BENCH_LIVE_CAMPAIGNS ?? 1000);
const reuseUrl = usePglite ? undefined : process.env.BENCH_REUSE_URL;

async function freshPostgres() {
  const database = reuseUrl ? { url: reuseUrl, drop: async () => {} } : await freshPostgresDatabase(adminUrl, 'bench_scale');
  return {
    ...database,
    async exec(statements) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (const statement of statements) {
          if (typeof statement === 'function') await statement((text) => client.query(text).then((result) => result.rows));
          else await client.query(statement);
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** PGlite holds its folder alone: rows go in while the server is stopped. */
function pgliteDatabase(dataDir) {
  return {
    url: '',
    async exec(statements) {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
      const client = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gin } });
      try {
        for (const statement of statements) {
          if (typeof statement === 'function') await statement((text) => client.query(text).then((result) => result.rows));
          else await client.exec(statement);
        }
      } finally {
        await client.close();
      }
    },
    async drop() {},
  };
}

/**
 * The rows, by SQL. Titles and names carry accents; search_text is what the API stores (lower
 * case, accents removed). One title word in 100,000 is the rare 'zanzibar'. 'kermesse' is in the
 * description of the private events only (one in ten): frequent in the table, in no public event.
 */
function fillStatements(n, existingTables, payments = n) {
  // Indexes are dropped during the bulk insert and built again after (as a restore does): much
  // faster than maintaining them row by row. Those backing constraints (primary keys) stay.
  const dropped = [];
  const statements = [
    async (query) => {
      const indexes = await query(`select indexname, indexdef from pg_indexes i where schemaname = 'public'
        and tablename in ('events', 'waitlist_entries', 'users', 'referral_stats', 'payments', ${COMMUNITY_TABLES})
        and indexdef not like 'CREATE UNIQUE %'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
      for (const index of indexes) {
        dropped.push(index.indexdef);
        await query(`drop index "${index.indexname}"`);
      }
    },
    `create temporary table if not exists bench_words as select * from (values
      (0,'Gala','gala'),(1,'Concert','concert'),(2,'Festival','festival'),(3,'Conférence','conference'),
      (4,'Soirée','soiree'),(5,'Marché','marche'),(6,'Atelier','atelier'),(7,'Tournoi','tournoi'),
      (8,'Exposition','exposition'),(9,'Dégustation','degustation')) as w(i, word, plain)`,
    // Accounts: organisers and users, 20 % premium, created over two years.
    // Referral codes given, not drawn: a million random 8-character codes in one statement collide
    // about one time in three (a new account meets one of a million: one in a million).
    `insert into users (first_name, last_name, email, phone, password_hash, role, plan, is_verified, created_at, updated_at, referral_code)
     select 'Prénom' || g, 'Nom' || g, 'user' || g || '@bench.cm', '+2376' || lpad(g::text, 8, '0'),
            'x', (case when g % 500 = 0 then 'admin' else 'user' end)::role,
            (case when g % 5 = 0 then 'premium' else 'freemium' end)::plan, g % 3 <> 0,
            now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now(), 'B' || upper(lpad(to_hex(g), 7, '0'))
     from generate_series(1, ${n}) g`,
    `insert into events (title, description, start_date_time, end_date_time, address, city, category, status, is_public,
            organizer_id, search_text, participants_count, likes_count, views_count, created_at, updated_at, latitude, longitude)
     select t.title, 'Description de l''évènement ' || g || h.hidden, s.start, s.start + interval '3 hours',
            'Rue ' || (g % 300), c.city, c.category, st.status::event_status, g % 10 <> 0,
            null, lower(t.plain || ' ' || g || ' description de l''evenement ' || g || h.hidden || ' rue ' || (g % 300) || ' ' || c.plain_city),
            g % 97, g % 53, g % 1009, now() - d.created_day * interval '1 day' - d.created_minute * interval '1 minute', now(),
            -- 'Près de moi' (decision 057): within ±0.3° (about 33 km) of the city's centre, one in 20 without coordinates.
            case when g % 20 <> 7 then (array[4.0511, 3.848, 5.4781, 9.3014, 2.9404, 4.0167, 5.9597, 2.9])[1 + g % 8]
              + (((g::bigint * 48271) % 20001) - 10000) * 0.00003 end,
            case when g % 20 <> 7 then (array[9.7679, 11.5021, 10.4176, 13.3977, 9.9101, 9.2167, 10.1459, 11.15])[1 + g % 8]
              + (((g::bigint * 69621) % 20011) - 10005) * 0.00003 end
     from generate_series(1, ${n}) g
     -- Days and hours drawn by hashing g (a product modulo a prime), not from g's residues: with
     -- 'g % 730' every event of a day had one status and publicness (g % 10) and half the cities
     -- (g % 8), so an ordered walk for 'gala douala' crossed whole days without a single match.
     cross join lateral (select ((g::bigint * 2654435761) % 1000003) % 730 as created_day,
            ((g::bigint * 40503) % 1000033) % 1440 as created_minute,
            ((g::bigint * 7919) % 1000003) % 730 as start_day, ((g::bigint * 69069) % 1000039) % 24 as start_hour) d
     cross join lateral (select now() - interval '365 days' + d.start_day * interval '1 day' + d.start_hour * interval '1 hour' as start) s
     cross join lateral (select (array['Douala','Yaoundé','Bafoussam','Garoua','Kribi','Limbé','Bamenda','Ebolowa'])[1 + g % 8] as city,
            (array['douala','yaounde','bafoussam','garoua','kribi','limbe','bamenda','ebolowa'])[1 + g % 8] as plain_city,
            (array['concert','festival','conference','sport','art','food','business','training','other'])[1 + (g / 3) % 9] as category) c
     cross join lateral (select case when g % 10 < 7 then 'published' when g % 10 < 9 then 'draft' else 'cancelled' end as status) st
     cross join lateral (select case when g % 10 = 0 then ' (kermesse interne)' else '' end as hidden) h
     cross join lateral (select case when g % 100000 = 42 then 'Zanzibar ' || g else w.word || ' ' || g end as title,
            case when g % 100000 = 42 then 'zanzibar' else w.plain end as plain
            from bench_words w where w.i = (g / 7) % 10) t`,
    // Organisers: one event in 50 has one (the list joins users for the creator's name).
    `update events set organizer_id = u.id from (select id, row_number() over () as r from users where role = 'user' limit 1000) u
     where events.ctid in (select ctid from events tablesample system (2)) and u.r = 1 + ((hashtext(events.id::text) & 2147483647) % 1000)`,
    `insert into waitlist_entries (name, email, phone, status, search_text, created_at, updated_at)
     select p.name, 'personne' || g || '@exemple.cm', '+2376' || lpad((g + 50000000)::text, 8, '0'),
            (case when g % 10 = 0 then 'approved' when g % 10 = 1 then 'rejected' else 'pending' end)::waitlist_status,
            lower(p.plain || ' personne' || g || '@exemple.cm +2376' || lpad((g + 50000000)::text, 8, '0') || ' 2376' || lpad((g + 50000000)::text, 8, '0')),
            now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now()
     from generate_series(1, ${n}) g
     cross join lateral (select case when g % 2 = 0 then 'Personne ' || g else 'Hélène Personne ' || g end as name,
            case when g % 2 = 0 then 'personne ' || g else 'helene personne ' || g end as plain) p`,
  ];
  if (existingTables.has('referral_stats')) {
    statements.push(
      `insert into referral_stats (user_id, clicks, signups, waitlist_signups, account_signups)
       select id, (h % 200), (h % 50), least(h % 30, h % 50), (h % 50) - least(h % 30, h % 50)
       from (select id, hashtext(id::text) & 2147483647 as h from users where role = 'user' limit ${Math.max(1, Math.floor(n / 10))}) u
       on conflict do nothing`,
    );
  }
  statements.push(...communityStatements(n));
  if (existingTables.has('payments')) statements.push(...paymentStatements(payments, n));
  if (existingTables.has('ad_campaigns')) statements.push(...campaignStatements());
  statements.push(async (query) => {
    await query(`set maintenance_work_mem = '256MB'`);
    for (const definition of dropped) await query(definition);
  });
  // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
  statements.push('vacuum analyze');
  return statements;
}

/**
 * What the system keeps of the files in memory now, and whether DAMON pages out what is not used
 * for a while (seen on these machines: the page cache falls to under 1 GB within minutes of a run,
 * so rows outside the database's shared buffers are read from the disk again).
 */
function systemCache() {
  const cached = /^Cached:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/meminfo', 'utf8'))?.[1];
  let damon = 'off';
  try {
    damon = fs.readFileSync('/sys/kernel/mm/damon/admin/kdamonds/0/state', 'utf8').trim();
  } catch {}
  return `the system's page cache ${(Number(cached ?? 0) / 1024 / 1024).toFixed(1)} GB (DAMON reclaim: ${damon})`;
}

const COMMUNITY_TABLES = [
  'event_participations',
  'event_comments',
  'event_likes',
  'event_views',
  'activities',
  'user_reports',
  'partners',
  'partner_users',
  'partner_activities',
  'business_pages',
  'business_page_events',
  'referral_clicks',
  'referral_signups',
  'reward_grants',
]
  .map((table) => `'${table}'`)
  .join(', ');

/**
 * The rows of the community, partners and referral issues, proportional to n, with a realistic
 * spread: the event of a comment, like or participation is drawn as power(random(), 3), so a few
 * published public events gather many (the first about 2.5 % of all: some 2,500 comments at 100,000 rows) and most a
 * few or none; the same for the accounts that report and are reported.
 */
function communityStatements(n) {
  const partners = Math.max(10, Math.floor(n / 10));
  const pages = Math.max(10, Math.floor(n / 100));
  const skewed = (exponent, count = n) => `1 + floor((${count} - 1) * power(random(), ${exponent}))::int`;
  const events = '(select count(*) from bench_e)';
  return [
    // Numbered ids (the order of insertion), to draw rows by number.
    `create temporary table bench_e as select id, row_number() over (order by created_at desc, id) as r from events where status = 'published' and is_public`,
    `create unique index on bench_e (r)`,
    `create temporary table bench_u as select id, role, row_number() over () as r from users where role <> 'superadmin'`,
    `create unique index on bench_u (r)`,
    // Participations, likes: about one per event on average (duplicates dropped), skewed.
    `insert into event_participations (event_id, user_id, created_at)
     select e.id, u.id, now() - (g % 365) * interval '1 day' from (select g, ${skewed(3, events)} as pick from generate_series(1, ${n}) g) s
     join bench_e e on e.r = s.pick join bench_u u on u.r = 1 + (hashtext('p' || g) & 2147483647) % ${n}
     on conflict do nothing`,
    `insert into event_likes (event_id, user_id, created_at)
     select e.id, u.id, now() - (g % 365) * interval '1 day' from (select g, ${skewed(3, events)} as pick from generate_series(1, ${n}) g) s
     join bench_e e on e.r = s.pick join bench_u u on u.r = 1 + (hashtext('l' || g) & 2147483647) % ${n}
     on conflict do nothing`,
    `insert into event_comments (event_id, user_id, text, created_at)
     select e.id, u.id, (array['Super évènement', 'J''y serai avec la famille', 'Quel est le prix de l''entrée ?',
            'Très bonne organisation', 'Le lieu est-il accessible ?'])[1 + g % 5] || ' ' || g,
            now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
     from (select g, ${skewed(3, events)} as pick from generate_series(1, ${n}) g) s
     join bench_e e on e.r = s.pick join bench_u u on u.r = 1 + (hashtext('c' || g) & 2147483647) % ${n}`,
    // One activity per comment and per like, as the API writes them.
    `insert into activities (user_id, type, description, event_id, comment_id, created_at)
     select user_id, 'comment'::activity_type, 'A commenté un évènement', event_id, id, created_at from event_comments`,
    `insert into activities (user_id, type, description, event_id, created_at)
     select user_id, 'like'::activity_type, 'A aimé un évènement', event_id, created_at from event_likes`,
    // Views: one per viewer, event and day, over the last 30 days.
    `insert into event_views (event_id, viewer, day)
     select e.id, 'a:' || md5(g::text), (now() - (g % 30) * interval '1 day')::date from (select g, ${skewed(3, events)} as pick from generate_series(1, ${n}) g) s
     join bench_e e on e.r = s.pick
     on conflict do nothing`,
    // The statistics roll-up (decision 040): ten views a row before grouping, so statsViews views in
    // all, skewed like the rest; the most viewed events have a row for each of the last 365 days.
    `insert into event_daily_stats (event_id, day, views, visitors, participants, likes, comments,
       src_whatsapp, src_facebook, src_direct, src_referral, src_other)
     select e.id, s.day, 10 * s.n, 6 * s.n, s.n, s.n, s.n / 2, 3 * s.n, s.n, s.n, 0, s.n
     from (select ${skewed(3, events)} as pick, (now() - (g % 365) * interval '1 day')::date as day, count(*)::int as n
           from generate_series(1, ${Math.floor(statsViews / 10)}) g group by 1, 2) s
     join bench_e e on e.r = s.pick`,
    // The counters beside the rows (decision 009).
    `update events set participants_count = 0, likes_count = 0, comments_count = 0`,
    `update events e set participants_count = c.n from (select event_id, count(*) as n from event_participations group by 1) c where e.id = c.event_id`,
    `update events e set likes_count = c.n from (select event_id, count(*) as n from event_likes group by 1) c where e.id = c.event_id`,
    `update events e set comments_count = c.n from (select event_id, count(*) as n from event_comments group by 1) c where e.id = c.event_id`,
    // Reports: one per 100 rows, 60 % still open; a few accounts gather most of them.
    `insert into user_reports (reporter_id, target_id, subject_id, target_is_admin, reason, details, status, created_at, resolved_at)
     select r.id, t.id, t.id, t.role <> 'user', (array['spam', 'harassment', 'fake', 'inappropriate', 'other'])[1 + g % 5],
            'Signalement ' || g, (case when g % 10 < 6 then 'open' when g % 10 < 8 then 'dismissed' else 'actioned' end)::report_status,
            now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
            case when g % 10 < 6 then null else now() - (g % 300) * interval '1 day' end
     from (select g, ${skewed(2)} as pick from generate_series(1, ${Math.max(10, Math.floor(n / 100))}) g) s
     join bench_u t on t.r = s.pick join bench_u r on r.r = 1 + (hashtext('r' || g) & 2147483647) % ${n}
     where r.id <> t.id
     on conflict do nothing`,
    `update users u set open_reports_count = c.n
     from (select target_id, count(*) as n from user_reports where status = 'open' group by 1) c where u.id = c.target_id`,
    // Partners: n / 10, three types, 60 % active, 30 % pending, 10 % blocked, half verified; one
    // name in 10,000 has the rare 'Zanzibar'.
    `insert into partners (name, type, email, phone, website, status, is_verified, description, address, search_text, created_at, updated_at, last_activity)
     select t.name, (array['business', 'association', 'individual'])[1 + g % 3]::partner_type, 'partenaire' || g || '@bench.cm',
            '+2376' || lpad((g + 70000000)::text, 8, '0'), 'https://partenaire' || g || '.cm',
            (case when g % 10 < 6 then 'active' when g % 10 < 9 then 'pending' else 'blocked' end)::partner_status,
            g % 2 = 0, 'Partenaire de Yaoundé et Douala', 'Rue ' || (g % 300),
            lower(t.plain || ' partenaire' || g || '@bench.cm +2376' || lpad((g + 70000000)::text, 8, '0') || ' 6' || lpad((g + 70000000)::text, 8, '0')),
            now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now(), now() - (g % 60) * interval '1 day'
     from generate_series(1, ${partners}) g
     cross join lateral (select case when g % 10000 = 42 then 'Zanzibar Événements ' || g else w.word || ' ' || g end as name,
            case when g % 10000 = 42 then 'zanzibar evenements ' || g else w.plain || ' ' || g end as plain
            from bench_words w where w.i = (g / 7) % 10) t`,
    `create temporary table bench_p as select id, row_number() over () as r from partners`,
    `create unique index on bench_p (r)`,
    `insert into partner_users (partner_id, user_id, created_at)
     select p.id, u.id, now() from bench_p p join bench_u u on u.r = 1 + (hashtext('pu' || p.r) & 2147483647) % ${n}
     where p.r % 2 = 0 on conflict do nothing`,
    // Two activities per partner on average, more for the first ones.
    `insert into partner_activities (partner_id, type, description, created_at)
     select p.id, (array['created', 'verified', 'event', 'updated'])[1 + g % 4], 'Activité ' || g, now() - (g % 365) * interval '1 day'
     from (select g, 1 + floor((${partners} - 1) * power(random(), 3))::int as pick from generate_series(1, ${partners * 2}) g) s
     join bench_p p on p.r = s.pick`,
    // Business pages: n / 100, half with a partner, 20 % premium, five events each.
    `insert into business_pages (name, owner_id, partner_id, subscription, is_active, created_at)
     select 'Page ' || w.word || ' ' || g, u.id, case when g % 2 = 0 then p.id end,
            (case when g % 5 = 0 then 'premium' else 'free' end)::business_subscription, g % 10 <> 0,
            now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute'
     from generate_series(1, ${pages}) g
     join bench_words w on w.i = g % 10
     join bench_u u on u.r = 1 + (hashtext('bp' || g) & 2147483647) % ${n}
     join bench_p p on p.r = 1 + g % ${partners}`,
    `insert into business_page_events (page_id, event_id, created_at)
     select b.id, e.id, now() from (select id, row_number() over () as r from business_pages) b
     cross join generate_series(0, 4) k join bench_e e on e.r = 1 + (b.r * 5 + k) % ${events}
     on conflict do nothing`,
    // Referrals: clicks (n) and sign-ups (n / 10) of the accounts that have counters.
    `create temporary table bench_ref as select user_id as id, row_number() over () as r from referral_stats`,
    `insert into referral_clicks (referrer_id, day, visitor, created_at)
     select f.id, (now() - (g % 365) * interval '1 day')::date, md5('v' || g), now() - (g % 365) * interval '1 day'
     from generate_series(1, ${n}) g join bench_ref f on f.r = 1 + (hashtext('rc' || g) & 2147483647) % greatest(1, (select count(*) from bench_ref))
     on conflict do nothing`,
    `insert into referral_signups (referrer_id, kind, user_id, email, created_at)
     select f.id, (case when g % 3 = 0 then 'account' else 'waitlist' end)::referral_signup_kind,
            case when g % 3 = 0 then u.id end, 'filleul' || g || '@bench.cm', now() - (g % 365) * interval '1 day'
     from generate_series(1, ${Math.max(10, Math.floor(n / 10))}) g
     join bench_ref f on f.r = 1 + (hashtext('rs' || g) & 2147483647) % greatest(1, (select count(*) from bench_ref))
     join bench_u u on u.r = 1 + (hashtext('ru' || g) & 2147483647) % ${n}
     on conflict do nothing`,
    // Rewards: 20 rules, and one grant per 100 rows (a referrer reaching a rule), mostly pending.
    `insert into reward_rules (name, type, description, min_signups, min_type, reward_value, is_active, created_at)
     select 'Règle ' || g, (array['premium_days', 'credit_fcfa', 'badge'])[1 + g % 3]::reward_type, 'Palier ' || g, g * 5,
            (array['waitlist', 'account', 'any'])[1 + g % 3]::reward_min_type, case when g % 3 = 2 then 1 else g * 10 end, g % 4 <> 0,
            now() - g * interval '1 day'
     from generate_series(1, 20) g`,
    `insert into reward_grants (user_id, rule_id, reward_type, reward_value, status, granted_at, decided_at)
     select f.id, r.id, r.type, r.reward_value, (case when g % 10 < 7 then 'pending' when g % 10 < 9 then 'granted' else 'revoked' end)::reward_grant_status,
            now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', case when g % 10 >= 7 then now() end
     from generate_series(1, ${Math.max(10, Math.floor(n / 100))}) g
     join bench_ref f on f.r = 1 + (hashtext('rg' || g) & 2147483647) % greatest(1, (select count(*) from bench_ref))
     join (select id, type, reward_value, row_number() over () as r from reward_rules) r on r.r = 1 + g % 20
     on conflict do nothing`,
  ];
}

/**
 * Payments (issue 28, decision 055): `count` over the last two years, one a payer of the accounts
 * drawn skewed (a few pay often), 85 % monthly; 90 % successful, 4 % refunded within 20 days (never
 * after now), 6 % failed; MTN for 55 %, Orange for the rest. Premium accounts get an end date: a
 * month or a year ahead for most, and one in 128 passed by up to 8 hours (the expiry job's lag).
 */
function paymentStatements(count, accounts) {
  return [
    // The months' roll-up (migration 0041) is filled once after, by the migration's own function,
    // rather than by its trigger a million times (decision 055: a bulk write slows it down).
    'alter table payments disable trigger payments_monthly_totals',
    `insert into payments (reference, user_id, idempotency_key, plan, amount, credit_used, operator, phone, status,
            failure_reason, provider_reference, callback_token, expires_at, premium_from, premium_until, paid_at,
            refunded_amount, refunded_at, created_at, updated_at)
     select 'PAY-B' || lpad(to_hex(g), 8, '0'), u.id, md5('i' || g)::uuid, p.plan, p.amount, 0,
            (case when g % 20 < 11 then 'mtn' else 'orange' end)::payment_operator,
            '+2376' || lpad((g % 100000000)::text, 8, '0'), st.status::payment_status,
            case when st.status = 'failed' then 'refused' end, md5('r' || g), md5('c' || g),
            t.at + interval '5 minutes', case when st.status <> 'failed' then t.at end,
            case when st.status <> 'failed' then t.at + p.days * interval '1 day' end,
            case when st.status <> 'failed' then t.at + interval '40 seconds' end,
            case when st.status = 'refunded' then p.amount else 0 end,
            case when st.status = 'refunded' then least(now(), t.at + (1 + g % 20) * interval '1 day') end,
            t.at, t.at
     from generate_series(1, ${count}) g
     cross join lateral (select now() - (g % 730) * interval '1 day' - ((g * 37) % 1440) * interval '1 minute' as at) t
     cross join lateral (select case when g % 100 < 85 then 'monthly' else 'yearly' end as plan,
            case when g % 100 < 85 then 2000 else 20000 end as amount, case when g % 100 < 85 then 30 else 365 end as days) p
     cross join lateral (select case when g % 100 < 90 then 'successful' when g % 100 < 94 then 'refunded' else 'failed' end as status) st
     join bench_u u on u.r = 1 + floor((${Math.max(1, Math.min(accounts, Math.floor(count / 3)))} - 1) * power(((hashtext('pay' || g) & 2147483647) / 2147483647.0), 2))::int`,
    'select payment_monthly_totals_refill()',
    'alter table payments enable trigger payments_monthly_totals',
    `update users set premium_until = case when (hashtext(id::text) & 127) = 0 then now() - ((hashtext(id::text) >> 8) & 7) * interval '1 hour'
            else now() + (1 + (hashtext(id::text) & 1023) % 365) * interval '1 day' end
     where plan = 'premium' and role = 'user'`,
  ];
}

/**
 * 'Publicités' (decision 068): BENCH_LIVE_CAMPAIGNS approved campaigns running today on upcoming
 * public events (agenda, landing and related; one in ten for all of Cameroon, the others in one of
 * the filled cities), and nine times as many others (ended, unpaid, waiting, refused) for the
 * back office's list, with a week of impressions for the live ones.
 */
function campaignStatements() {
  const cities = `array['douala','yaounde','bafoussam','garoua','kribi','limbe','bamenda','ebolowa']`;
  return [
    `insert into ad_campaigns (advertiser_id, event_id, placement, national, cities, start_date, end_date, price, status, created_at, updated_at)
     select u.id, e.id, (array['agenda','agenda','landing','related'])[1 + g % 4]::ad_placement, g % 10 = 0,
            case when g % 10 = 0 then '{}'::text[] else array[(${cities})[1 + g % 8]] end,
            current_date - (g % 5), current_date + 5 + g % 20, 5000, 'approved', now() - g * interval '1 minute', now()
     from generate_series(1, ${liveCampaigns}) g
     cross join lateral (select id from events where status = 'published' and is_public and end_date_time > now() + interval '30 days'
            offset g limit 1) e
     cross join lateral (select id from users where role = 'user' order by id limit 1 offset g % 100) u`,
    `insert into ad_campaigns (advertiser_id, event_id, placement, national, cities, start_date, end_date, price, status, created_at, updated_at)
     select c.advertiser_id, c.event_id, c.placement, c.national, c.cities, current_date - 100 - g % 300, current_date - 90 - g % 300,
            c.price, (array['approved','unpaid','pending_review','refused','suspended','stopped'])[1 + g % 6]::campaign_status,
            now() - (100 + g % 300) * interval '1 day', now()
     from generate_series(1, ${liveCampaigns * 9}) g
     join (select *, row_number() over () as r from ad_campaigns) c on c.r = 1 + g % ${liveCampaigns}`,
    `insert into ad_campaign_days (campaign_id, day, impressions, clicks)
     select c.id, current_date - d, 200 + (hashtext(c.id::text || d) & 511), 5 + (hashtext(c.id::text || d) & 15)
     from ad_campaigns c cross join generate_series(0, 6) d where c.status = 'approved' and c.end_date >= current_date`,
  ];
}

async function tablesOf(database) {
  if (usePglite) return new Set(['referral_stats', 'payments', 'ad_campaigns']);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: tables } = await client.query(`select table_name from information_schema.tables where table_schema = 'public'`);
  await client.end();
  return new Set(tables.map((row) => row.table_name));
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let addressCounter = 0;
/** A different private client address per request: the server trusts X-Forwarded-For from loopback. */
function clientAddress() {
  const n = addressCounter++ % 60_000;
  return `10.9.${(n >> 8) & 255}.${n & 255}`;
}

async function timeOne(baseURL, line) {
  // A line with `paths` asks a different one each time (so no cache answers the repeats).
  const linePath = line.path;
  const started = performance.now();
  const response = await fetch(`${baseURL}${linePath}`, {
    headers: { ...(line.headers ?? {}), 'x-forwarded-for': clientAddress() },
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  return { ms, status: response.status, bytes: body.byteLength };
}

/**
 * A line's timings. `path` is asked again and again (after 3 warm-ups): what the answer cache and
 * the database's last plan make of a repeat. `paths` are each asked once, first request included,
 * so that no cache can flatter them (issue 31): different pages, words or names.
 */
async function singles(baseURL, line) {
  const result = { statuses: {} };
  const count = (status) => {
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  };
  if (line.path) {
    const repeat = { path: line.path, headers: line.headers };
    result.first = (await timeOne(baseURL, repeat)).ms;
    for (let i = 0; i < 2; i++) await timeOne(baseURL, repeat);
    const times = [];
    for (let i = 0; i < samples; i++) {
      const { ms, status } = await timeOne(baseURL, repeat);
      times.push(ms);
      count(status);
    }
    times.sort((a, b) => a - b);
    Object.assign(result, { p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  if (line.paths) {
    const times = [];
    let slowest = { ms: -1, path: '' };
    for (const each of line.paths) {
      const { ms, status } = await timeOne(baseURL, { path: each, headers: line.headers });
      times.push(ms);
      count(status);
      if (ms > slowest.ms) slowest = { ms, path: each };
    }
    times.sort((a, b) => a - b);
    result.varied = {
      n: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1),
      slowest: slowest.path.replace('/api', ''),
    };
  }
  return result;
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function csvExport(baseURL, admin, query, pid) {
  const started = performance.now();
  let peak = rssOf(pid);
  const before = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const response = await fetch(`${baseURL}/api/admin/waitlist/export.csv${query}`, {
    headers: { ...admin, 'x-forwarded-for': clientAddress() },
  });
  let lines = 0;
  let firstByte = null;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    if (firstByte === null) firstByte = performance.now() - started;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  }
  clearInterval(timer);
  return {
    ms: performance.now() - started,
    firstByte,
    lines: lines - 1,
    status: response.status,
    rssBefore: before,
    rssPeak: peak,
  };
}

async function stress(baseURL, paths) {
  let n = 0;
  const load = autocannon({
    url: baseURL,
    connections: 50,
    duration: stressDuration,
    timeout: 20,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            path: paths[i % paths.length],
            headers: { 'x-forwarded-for': `10.7.${(i >> 8) & 255}.${i & 255}` },
          };
        },
      },
    ],
  });
  const logins = [];
  const deadline = Date.now() + stressDuration * 1000 - 2000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${baseURL}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.6.0.1' },
      body: JSON.stringify({ identifier: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    await response.arrayBuffer();
    logins.push({ ms: performance.now() - started, status: response.status });
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  const result = await load;
  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  return { rps: Math.round(result.requests.average), byStatus, errors: result.errors, logins };
}

/**
 * The revenue queries of the dashboard and the statistics (decision 055), asked of the database
 * directly: the routes answer the same figures to everyone from the answer cache, so the queries
 * are timed here, each line either a different month every time (24 months back, no cache of any
 * kind helps) or the same one repeated. Each line's plan is read first (EXPLAIN): a line whose plan
 * reads the table (Seq Scan) is flagged. PostgreSQL only (PGlite's folder is the server's).
 */
async function revenueLines(url) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { sql } = await import('drizzle-orm');
  const schema = await import('../apps/api/src/db/schema/index.ts');
  const stats = await import('../apps/api/src/modules/stats/stats.repository.ts');
  const service = await import('../apps/api/src/modules/stats/stats.service.ts');
  const { doualaMonthStart } = await import('../packages/shared/src/douala-time.ts');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const now = Date.now();
  /** The instants of `count` different Douala months, this one first, going back. */
  const months = (count) => Array.from({ length: count }, (_, i) => new Date(doualaMonthStart(now, -i) + 12 * 3_600_000));
  const range = (instant, first, last) => [new Date(doualaMonthStart(instant, first)), new Date(doualaMonthStart(instant, last))];
  const planOf = async (query) => {
    const result = await db.execute(sql`explain (format json) ${query}`);
    let plan = Object.values(result.rows[0])[0];
    if (typeof plan === 'string') plan = JSON.parse(plan);
    const nodes = [];
    const walk = (node) => {
      nodes.push(node['Index Name'] ? `${node['Node Type']} using ${node['Index Name']}` : node['Node Type']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan[0].Plan);
    return nodes;
  };
  const lines = [
    {
      name: 'revenue: the month’s roll-up rows, a different month each time',
      query: (instant) => stats.revenuePerMonthAndOperator(db, ...range(instant, 0, 1)),
      instants: months(24),
      rollUp: true,
    },
    {
      name: 'revenue: dashboard month, both sums, a different month each time',
      run: (instant) => service.monthRevenue(db, instant),
      instants: months(24),
    },
    {
      name: 'revenue: dashboard month, this month repeated',
      run: (instant) => service.monthRevenue(db, instant),
      instants: months(1),
    },
    {
      name: 'revenue: 12 months’ roll-up rows, a different end each time',
      query: (instant) => stats.revenuePerMonthAndOperator(db, ...range(instant, -11, 1)),
      instants: months(13),
      rollUp: true,
    },
    {
      name: 'revenue: statistics series (both), a different end each time',
      run: (instant) => service.revenueSeries(db, instant),
      instants: months(13),
    },
    {
      name: 'revenue: statistics series, this year repeated',
      run: (instant) => service.revenueSeries(db, instant),
      instants: months(1),
    },
    {
      name: 'premium: lapsed accounts (dashboard), a different hour each time',
      query: (instant) => stats.lapsedPremiumsCount(db, instant),
      instants: Array.from({ length: 24 }, (_, i) => new Date(now - i * 3_600_000)),
    },
  ];
  const results = [];
  try {
    for (const line of lines) {
      const plan = line.query ? await planOf(line.query(line.instants[0])) : null;
      const run = line.run ?? ((instant) => line.query(instant));
      const first = performance.now();
      await run(line.instants[0]);
      const firstMs = performance.now() - first;
      const times = [];
      for (let i = 0; i < samples; i++) {
        const instant = line.instants[(i + 1) % line.instants.length];
        const started = performance.now();
        await run(instant);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      // The months' roll-up is a few dozen rows: reading that table is the point (decision 055).
      const fromTable = plan && !line.rollUp ? plan.some((node) => /Seq Scan/.test(node)) : false;
      results.push({ name: line.name, first: firstMs, p50: percentile(times, 50), p95: percentile(times, 95), plan, fromTable });
      console.log(
        `  ${line.name.padEnd(66)} first ${fmt(firstMs).padStart(6)} ms  p50 ${fmt(percentile(times, 50)).padStart(6)} ms  p95 ${fmt(percentile(times, 95)).padStart(6)} ms${plan ? `  plan: ${plan.join(' → ')}` : ''}`,
      );
    }
  } finally {
    await pool.end();
  }
  return results;
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const database = usePglite ? pgliteDatabase(dataDir) : await freshPostgres();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(port, dataDir, database.url);
  const kind = usePglite ? 'PGlite' : 'PostgreSQL';
  console.log(`bench:scale on ${kind}, ${rows.toLocaleString('en')} rows per table, ${samples} single requests per line`);
  let server;
  let bare;
  let failed = false;
  try {
    if (!reuseUrl) {
      // First start: migrations and the base seed (superadmin), then stop while the rows go in.
      server = startServer(env);
      await waitForHealth(baseURL, server, server.output, 300_000);
      await stopServer(server);
      const tables = await tablesOf(database);
      const fillStarted = Date.now();
      await database.exec(fillStatements(rows, tables, paymentRows));
      console.log(`rows inserted in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s`);
    }
    // The rows some lines read: the most commented public event, a typical one, the partner with
    // the most activities, a business page.
    const picked = {};
    await database.exec([
      async (query) => {
        const [popular] = await query(`select id, comments_count from events where status = 'published' and is_public
          order by comments_count desc limit 1`);
        const [typical] = await query(`select id, comments_count from events where status = 'published' and is_public
          and comments_count between 1 and 3 limit 1`);
        const [partner] = await query(
          `select partner_id as id, count(*) as n from partner_activities group by 1 order by 2 desc limit 1`,
        );
        const [page] = await query('select id from business_pages order by created_at desc limit 1');
        const statsEvents = await query(`select event_id as id, count(*)::int as days, sum(views)::bigint as views
          from event_daily_stats group by 1 order by 2 desc, 3 desc limit 100`);
        const [statsTotal] = await query(
          'select count(*)::int as rows, coalesce(sum(views), 0)::bigint as views from event_daily_stats',
        );
        const counts = await query(`select
          (select count(*) from event_comments) as comments, (select count(*) from event_likes) as likes,
          (select count(*) from event_participations) as participations, (select count(*) from event_views) as views,
          (select count(*) from user_reports) as reports, (select count(*) from user_reports where status = 'open') as open_reports,
          (select count(*) from partners) as partners, (select count(*) from partner_activities) as partner_activities,
          (select count(*) from business_pages) as business_pages, (select count(*) from referral_clicks) as referral_clicks,
          (select count(*) from referral_signups) as referral_signups, (select count(*) from reward_grants) as reward_grants,
          (select count(*) from payments) as payments, (select count(*) from payments where paid_at is not null) as paid_payments`);
        // Cursors (decision 069) 0 to 97.5 % into the events, newest first, and into the most commented event's comments.
        const cursorsOf = async (table, where, total) => {
          const cursors = [];
          for (let i = 0; i < samples; i++) {
            const [row] = await query(`select (extract(epoch from created_at) * 1000000)::bigint::text || '.' || id as cursor
              from ${table} ${where} order by created_at desc, id desc offset ${Math.floor((i * Number(total)) / (samples + 1))} limit 1`);
            if (row) cursors.push(row.cursor);
          }
          return cursors;
        };
        const eventCursors = await cursorsOf('events', '', rows);
        const commentCursors = await cursorsOf('event_comments', `where event_id = '${popular.id}'`, popular.comments_count);
        const [memory] = await query(`select current_setting('shared_buffers') as buffers,
          pg_size_pretty(pg_relation_size('events')) as heap, pg_size_pretty(pg_indexes_size('events')) as indexes`);
        Object.assign(picked, {
          memory,
          popular,
          typical,
          partner,
          page,
          statsEvents,
          statsTotal,
          counts: counts[0],
          eventCursors,
          commentCursors,
        });
      },
    ]);
    console.log(
      `also: ${Object.entries(picked.counts)
        .map(([table, count]) => `${Number(count).toLocaleString('en')} ${table.replaceAll('_', ' ')}`)
        .join(
          ', ',
        )}; most commented event: ${picked.popular.comments_count} comments; statistics roll-up: ${Number(picked.statsTotal.views).toLocaleString('en')} views in ${picked.statsTotal.rows.toLocaleString('en')} event-days, the 100 most viewed events ${picked.statsEvents.at(-1)?.days}–${picked.statsEvents[0]?.days} days each`,
    );
    console.log(
      `memory: the database's shared buffers ${picked.memory.buffers}; the events' table ${picked.memory.heap}, its indexes ${picked.memory.indexes}; ${systemCache()}`,
    );
    if (fillOnly) return;
    server = startServer(env);
    await waitForHealth(baseURL, server, server.output, 300_000);

    const admin = await superadminHeaders(baseURL);
    const agenda = await (await fetch(`${baseURL}/evenements`)).text();
    const eventPagePath = /href="(\/evenements\/[^"?/]+-[0-9a-f]{12})"/.exec(agenda)?.[1];
    if (!eventPagePath) throw new Error('no event page link on /evenements');
    /**
     * `samples` page numbers spread from page 2 to the last one a number reaches in a list of
     * `count` rows, 10 a page (decision 069: no page starts past PAGE_DEPTH_MAX rows).
     */
    const spreadPages = (count) => {
      const last = Math.max(2, Math.min(PAGE_DEPTH_MAX / 10, Math.ceil(Number(count) / 10)));
      return Array.from({ length: samples }, (_, i) => 2 + Math.floor(((i + 1) * (last - 2)) / samples));
    };
    const pagesOf = (pathOf, count) => spreadPages(count).map(pathOf);
    const WORDS = [
      'gala',
      'concert',
      'festival',
      'conférence',
      'soirée',
      'marché',
      'atelier',
      'tournoi',
      'exposition',
      'dégustation',
    ];
    const CITY_WORDS = ['douala', 'yaoundé', 'bafoussam', 'garoua', 'kribi', 'limbé', 'bamenda', 'ebolowa'];
    /** `samples` different searches of two words (a title word and a city) or three (and a number). */
    const twoWords = Array.from({ length: samples }, (_, i) => `${WORDS[i % 10]} ${CITY_WORDS[(i * 3) % 8]}`);
    const threeWords = Array.from(
      { length: samples },
      (_, i) => `${WORDS[(i * 7) % 10]} ${CITY_WORDS[i % 8]} ${(i * 24_989 + 77) % rows}`,
    );
    const q = (text) => encodeURIComponent(text);

    // Positions around the filled cities' centres, each one different (a pseudo-random walk, reproducible).
    const NEAR_CENTRES = [
      [4.0511, 9.7679],
      [3.848, 11.5021],
      [5.4781, 10.4176],
      [9.3014, 13.3977],
      [2.9404, 9.9101],
      [4.0167, 9.2167],
      [5.9597, 10.1459],
      [2.9, 11.15],
    ];
    const NEAR_CITIES = ['douala', 'yaounde', 'bafoussam', 'garoua', 'kribi', 'limbe', 'bamenda', 'ebolowa'];
    const nearPositions = Array.from({ length: samples + 8 }, (_, i) => {
      const [latitude, longitude] = NEAR_CENTRES[i % NEAR_CENTRES.length];
      const jitter = (k) => ((((i + 1) * k) % 1000) / 1000 - 0.5) * 0.4;
      return [(latitude + jitter(389)).toFixed(5), (longitude + jitter(613)).toFixed(5)];
    });
    const lines = [
      { name: 'events, page 1 (anonymous)', path: '/api/events?page=1&limit=10', rate: true },
      { name: 'events, page 1 (superadmin)', path: '/api/events?page=1&limit=10', headers: admin, rate: true },
      {
        name: 'events, pages to the last a number reaches (anonymous)',
        paths: pagesOf((page) => `/api/events?page=${page}&limit=10`, rows),
      },
      {
        name: 'events, pages to the last a number reaches (superadmin)',
        path: `/api/events?page=${PAGE_DEPTH_MAX / 10}&limit=10`,
        paths: pagesOf((page) => `/api/events?page=${page}&limit=10`, rows),
        headers: admin,
      },
      {
        name: 'events, after a cursor 0 to 97 % deep (superadmin)',
        paths: picked.eventCursors.map((cursor) => `/api/events?limit=10&after=${cursor}`),
        headers: admin,
      },
      {
        name: 'events, after a cursor 0 to 97 % deep (anonymous)',
        paths: picked.eventCursors.map((cursor) => `/api/events?limit=10&after=${cursor}`),
      },
      {
        name: 'events, two words (anonymous)',
        path: `/api/events?q=${q('gala douala')}`,
        paths: twoWords.map((words) => `/api/events?q=${q(words)}`),
      },
      {
        name: 'events, two words (superadmin)',
        path: `/api/events?q=${q('atelier garoua')}`,
        paths: twoWords.map((words) => `/api/events?q=${q(words)}`),
        headers: admin,
      },
      {
        name: 'events, three words (superadmin)',
        paths: threeWords.map((words) => `/api/events?q=${q(words)}`),
        headers: admin,
      },
      { name: 'events, search frequent word', path: '/api/events?q=gala' },
      { name: 'events, search rare word', path: '/api/events?q=zanzibar' },
      { name: 'events, search no match', path: '/api/events?q=xylophonique' },
      { name: 'events, search a word of private events only (anonymous)', path: '/api/events?q=kermesse' },
      { name: 'events, search accents (Yaoundé)', path: `/api/events?q=${encodeURIComponent('conférence')}` },
      { name: 'events, upcoming concerts', path: '/api/events?date=upcoming&category=concert' },
      { name: 'events, past', path: '/api/events?date=past' },
      { name: 'events, today', path: '/api/events?date=today' },
      // 'Près de moi' (decision 057): a different position each time (no answer cache), within 10 km, and 50 km around a city.
      {
        name: 'Près de moi, 10 km around a position (premium)',
        paths: nearPositions.map(([latitude, longitude]) => `/api/events/nearby?latitude=${latitude}&longitude=${longitude}`),
        headers: admin,
      },
      {
        name: 'Près de moi, 50 km around a city, page 2 (premium)',
        paths: NEAR_CITIES.map((city) => `/api/events/nearby?city=${city}&radiusKm=50&page=2`),
        headers: admin,
      },
      { name: 'events, status draft (superadmin)', path: '/api/events?status=draft', headers: admin },
      { name: 'events, search + category (superadmin)', path: '/api/events?q=soiree&category=art', headers: admin },
      // 'Transactions' (issue 28, decision 054): a different page, filter or search each request.
      {
        name: 'transactions, pages 1 to 40',
        paths: Array.from({ length: 40 }, (_, i) => `/api/admin/transactions?page=${i + 1}&limit=10`),
        headers: admin,
      },
      {
        name: 'transactions, deep pages 100 to 4000',
        paths: Array.from({ length: 40 }, (_, i) => `/api/admin/transactions?page=${(i + 1) * 100}&limit=10`),
        headers: admin,
      },
      {
        name: 'transactions, a filter each time (status, operator, plan, period)',
        paths: ['successful', 'refunded', 'failed', 'pending'].flatMap((status) =>
          ['mtn', 'orange'].map((operator) => `/api/admin/transactions?status=${status}&operator=${operator}&plan=monthly`),
        ),
        headers: admin,
      },
      {
        name: 'transactions, a different month each time',
        paths: Array.from({ length: 24 }, (_, i) => {
          const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - i, 1));
          const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
          return `/api/admin/transactions?from=${start.toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
        }),
        headers: admin,
      },
      {
        name: 'transactions, a different reference each time',
        paths: Array.from(
          { length: 40 },
          (_, i) => `/api/admin/transactions?search=PAY-B${(i * 24_989 + 7).toString(16).padStart(8, '0')}`,
        ),
        headers: admin,
      },
      {
        name: 'transactions, a different paying number each time',
        paths: Array.from(
          { length: 40 },
          (_, i) => `/api/admin/transactions?search=${encodeURIComponent(`+2376${String(i * 24_989 + 7).padStart(8, '0')}`)}`,
        ),
        headers: admin,
      },
      { name: 'dashboard', path: '/api/stats/dashboard', headers: admin, rate: true },
      { name: 'charts (30 days)', path: '/api/admin/stats/charts?days=30', headers: admin },
      { name: 'charts (90 days, with the revenue series)', path: '/api/admin/stats/charts?days=90', headers: admin },
      { name: 'waitlist, page 1', path: '/api/admin/waitlist?page=1&limit=10', headers: admin },
      {
        name: 'waitlist, search a name',
        path: `/api/admin/waitlist?search=${encodeURIComponent('personne 4242')}`,
        paths: Array.from(
          { length: samples },
          (_, i) => `/api/admin/waitlist?search=${q(`${i % 2 ? 'hélène ' : ''}personne ${(i * 24_989 + 8919) % rows}`)}`,
        ),
        headers: admin,
      },
      { name: 'waitlist, search phone', path: '/api/admin/waitlist?search=677%2012', headers: admin },
      { name: 'waitlist, search no match', path: '/api/admin/waitlist?search=xylophonique', headers: admin },
      { name: 'waitlist, status approved', path: '/api/admin/waitlist?status=approved', headers: admin },
      {
        name: 'waitlist, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/admin/waitlist?page=${page}&limit=10`, rows),
        headers: admin,
      },
      { name: 'users, page 1', path: '/api/users?page=1&limit=10', headers: admin },
      {
        name: 'users, search a name',
        path: '/api/users?q=nom4242',
        paths: Array.from({ length: samples }, (_, i) => {
          const n = (i * 24_989 + 4242) % rows;
          return `/api/users?q=${q(i % 2 ? `prénom${n} nom${n}` : `nom${n}`)}`;
        }),
        headers: admin,
      },
      { name: 'users, admins', path: '/api/users?role=admin', headers: admin },
      { name: 'referral leaderboard', path: '/api/referral/leaderboard?page=1&limit=10', headers: admin },
      { name: 'waitlist count (public)', path: '/api/waitlist/count' },
      // The public pages rendered on the server (the agenda and an event page, shared on WhatsApp).
      { name: 'agenda page (HTML)', path: '/evenements', rate: true },
      {
        name: 'agenda, deep page 50',
        path: '/evenements?page=50',
        paths: Array.from({ length: samples }, (_, i) => `/evenements?page=${2 + i * 20}`),
      },
      { name: 'agenda, two words', paths: twoWords.map((words) => `/evenements?q=${q(words)}`) },
      { name: 'agenda, search frequent word', path: '/evenements?q=gala' },
      { name: 'agenda, search rare word', path: '/evenements?q=zanzibar' },
      { name: 'agenda, search a word of private events only', path: '/evenements?q=kermesse' },
      { name: 'agenda, today in Douala', path: '/evenements?date=today&city=Douala' },
      { name: 'event page (HTML)', path: eventPagePath, rate: true },
      // 'Publicités' (decision 068): the agenda of a city with its promoted cards, each request another city or page.
      {
        name: `agenda of a city with promoted events (${liveCampaigns} live campaigns)`,
        paths: Array.from(
          { length: samples + 8 },
          (_, i) => `/evenements?city=${NEAR_CITIES[i % NEAR_CITIES.length]}&page=${1 + Math.floor(i / NEAR_CITIES.length)}`,
        ),
        rate: true,
      },
      {
        name: 'promoted events for a placement and city (API)',
        paths: Array.from(
          { length: samples + 8 },
          (_, i) =>
            `/api/ads/served?placement=${['agenda', 'landing', 'related'][i % 3]}&city=${NEAR_CITIES[i % NEAR_CITIES.length]}&count=${1 + (i % 3)}`,
        ),
      },
      {
        name: 'Publicités, each phase and city (manage_ads)',
        paths: Array.from(
          { length: samples + 8 },
          (_, i) =>
            `/api/admin/campaigns?phase=${['live', 'ended', 'pending_review', 'refused'][i % 4]}&city=${NEAR_CITIES[i % NEAR_CITIES.length]}&page=${1 + (i % 3)}`,
        ),
        headers: admin,
      },
      // The community, partners and referral issues.
      { name: 'users, search frequent word', path: '/api/users?q=prenom', headers: admin },
      { name: 'users, search no match', path: '/api/users?q=xylophonique', headers: admin },
      { name: 'users, reported', path: '/api/users?reports=reported', headers: admin },
      {
        name: 'users, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/users?page=${page}&limit=10`, rows),
        headers: admin,
      },
      {
        name: `comments, most commented event (${picked.popular.comments_count})`,
        path: `/api/events/${picked.popular.id}/comments?page=1&limit=10`,
      },
      {
        // No page number past the first 10,000 comments (PAGE_DEPTH_MAX, decision 069); the cursor goes on.
        name: 'comments, most commented event, pages to the last a number reaches',
        paths: pagesOf(
          (page) => `/api/events/${picked.popular.id}/comments?page=${page}&limit=10`,
          picked.popular.comments_count,
        ),
      },
      {
        name: 'comments, most commented event, after a cursor 0 to 97 % deep',
        paths: picked.commentCursors.map((cursor) => `/api/events/${picked.popular.id}/comments?limit=10&after=${cursor}`),
      },
      { name: 'comments, typical event', path: `/api/events/${picked.typical?.id ?? picked.popular.id}/comments` },
      {
        name: 'participation, mine (signed in)',
        path: `/api/events/${picked.popular.id}/participants/me`,
        headers: admin,
      },
      { name: 'reports queue, page 1', path: '/api/reports?page=1&limit=10', headers: admin },
      {
        name: 'reports queue, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/reports?page=${page}&limit=10`, picked.counts.open_reports),
        headers: admin,
      },
      { name: 'partners, page 1', path: '/api/businesses?page=1&limit=10', headers: admin },
      { name: 'partners, search frequent word', path: '/api/businesses?q=gala', headers: admin },
      { name: 'partners, search rare word', path: '/api/businesses?q=zanzibar', headers: admin },
      {
        name: 'partners, a name of two words',
        paths: Array.from(
          { length: samples },
          (_, i) => `/api/businesses?q=${q(`${WORDS[i % 10]} ${(i * 2_477 + 42) % Number(picked.counts.partners)}`)}`,
        ),
        headers: admin,
      },
      { name: 'partners, search no match', path: '/api/businesses?q=xylophonique', headers: admin },
      { name: 'partners, search phone', path: '/api/businesses?q=677%2000', headers: admin },
      {
        name: 'partners, pending + unverified',
        path: '/api/businesses?status=pending&verification=unverified',
        headers: admin,
      },
      {
        name: 'partners, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/businesses?page=${page}&limit=10`, picked.counts.partners),
        headers: admin,
      },
      { name: 'partner detail (most activities)', path: `/api/businesses/${picked.partner.id}`, headers: admin },
      { name: 'business pages, page 1', path: '/api/business-event-pages?page=1&limit=10', headers: admin },
      {
        name: 'business pages, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/business-event-pages?page=${page}&limit=10`, picked.counts.business_pages),
        headers: admin,
      },
      { name: 'business page detail', path: `/api/business-event-pages/${picked.page.id}`, headers: admin },
      {
        name: 'referral leaderboard, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/referral/leaderboard?page=${page}&limit=10`, rows / 10),
        headers: admin,
      },
      { name: 'rewards, page 1', path: '/api/referral/admin/rewards?page=1&limit=10', headers: admin },
      { name: 'rewards, pending', path: '/api/referral/admin/rewards?status=pending', headers: admin },
      { name: 'rewards, revoked', path: '/api/referral/admin/rewards?status=revoked', headers: admin },
      {
        name: 'rewards, pages to the last a number reaches',
        paths: pagesOf((page) => `/api/referral/admin/rewards?page=${page}&limit=10`, picked.counts.reward_grants),
        headers: admin,
      },
      { name: 'reward rules', path: '/api/referral/reward-rules', headers: admin },
      {
        name: `event statistics, 100 most viewed events (${Number(picked.statsTotal.views).toLocaleString('en')} views)`,
        paths: picked.statsEvents.map((event) => `/api/events/${event.id}/stats`),
        headers: admin,
      },
    ];

    const results = [];
    // BENCH_LINES=<regular expression>: only the lines whose name matches (to look at a few again).
    const only = process.env.BENCH_LINES ? new RegExp(process.env.BENCH_LINES, 'i') : null;
    for (const line of lines.filter((candidate) => !only || only.test(candidate.name))) {
      const single = await singles(baseURL, line);
      const rate = line.rate || process.env.BENCH_ALL_RATES ? await throughput(baseURL, line) : null;
      const bad = Object.keys(single.statuses).some((status) => status !== '200');
      if (Object.keys(single.statuses).some((status) => status.startsWith('5'))) failed = true;
      results.push({ ...line, ...single, rate, bad });
      console.log(
        `  ${line.name.padEnd(60)}${line.path ? ` repeated: first ${fmt(single.first).padStart(6)} p50 ${fmt(single.p50).padStart(6)} p95 ${fmt(single.p95).padStart(6)} ms` : ''}${single.varied ? ` ${single.varied.n} different: p50 ${fmt(single.varied.p50).padStart(6)} p95 ${fmt(single.varied.p95).padStart(6)} max ${fmt(single.varied.max).padStart(6)} ms (${single.varied.slowest})` : ''}${rate ? `  ${rate.rps} req/s (200s)` : ''}${bad ? `  answers ${JSON.stringify(single.statuses)}` : ''}`,
      );
    }
    if (only) return;

    const revenue = usePglite ? [] : await revenueLines(database.url);

    // The bare route, with the anonymous list's exact bytes.
    const bodyFile = path.join(dataDir, 'list.json');
    const bytes = Buffer.from(await (await fetch(`${baseURL}/api/events?page=1&limit=10`)).arrayBuffer());
    fs.writeFileSync(bodyFile, bytes);
    const barePort = await freePort();
    bare = await startBare(barePort, bodyFile);
    // The machine's speed drifts (other processes, the database's autovacuum after the fill): the
    // bare route is measured on both sides of a second run of the two lists, and the best of each
    // is compared.
    // Each measure also says what every answer cost in CPU: the server (or the bare route), the
    // database's processes, and the machine as a whole (the load process included).
    const seconds = Number(process.env.BENCH_DURATION ?? 5);
    const measured = async (name, url, line, pid) => {
      const before = { own: cpuSeconds(pid), postgres: postgresCpu(), machine: machineBusySeconds() };
      const started = performance.now();
      const result = await throughput(url, line, 10, seconds);
      const elapsed = (performance.now() - started) / 1000;
      const answers = Math.max(1, result.rps * seconds);
      const perAnswer = (now, then) => (((now - then) * 1e6) / answers).toFixed(0);
      console.log(
        `  ${name.padEnd(18)} ${String(result.rps).padStart(6)} req/s (200s); CPU per answer: it ${perAnswer(cpuSeconds(pid), before.own)} µs, PostgreSQL ${perAnswer(postgresCpuSince(before.postgres), 0)} µs, machine ${perAnswer(machineBusySeconds(), before.machine)} µs (${((machineBusySeconds() - before.machine) / elapsed).toFixed(2)} of ${os.cpus().length} cores busy)`,
      );
      return result;
    };
    const bareFirst = await measured(
      'bare route',
      `http://127.0.0.1:${barePort}`,
      { path: '/api/events?page=1&limit=10' },
      bare.pid,
    );
    const anonAgain = await measured('anonymous list', baseURL, lines[0], server.pid);
    const superadminAgain = await measured('superadmin list', baseURL, lines[1], server.pid);
    const bareSecond = await measured(
      'bare route again',
      `http://127.0.0.1:${barePort}`,
      { path: '/api/events?page=1&limit=10' },
      bare.pid,
    );
    bare.kill('SIGTERM');
    bare = null;
    const bareRate = { rps: Math.max(bareFirst.rps, bareSecond.rps) };

    const exportQuery = rows >= 1_000_000 ? `?status=approved` : '';
    const csv = await csvExport(baseURL, admin, exportQuery, server.pid);

    let stressResult = null;
    if (!args.has('--no-stress')) {
      stressResult = await stress(baseURL, [
        '/api/events?page=1&limit=10',
        '/api/events?q=gala',
        '/api/events?q=festival&page=3',
      ]);
      if (Object.keys(stressResult.byStatus).some((status) => status.startsWith('5'))) failed = true;
    }

    // The table.
    console.log(`\n## bench:scale — ${kind}, ${rows.toLocaleString('en')} rows per table (${new Date().toISOString()})\n`);
    console.log(
      `| request | repeated: first ms | p50 ms | p95 ms | different: n | p50 ms | p95 ms | max ms | req/s (200s) at 10 conn. | p95 ≤ ${P95_TARGET} ms${usePglite ? '' : `, max ≤ ${MAX_TARGET} ms`} |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|');
    for (const r of results) {
      console.log(
        `| ${r.name} \`${(r.path ?? r.paths?.[0] ?? '').replace('/api', '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}\` | ${fmt(r.first)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.varied?.n ?? ''} | ${fmt(r.varied?.p50)} | ${fmt(r.varied?.p95)} | ${fmt(r.varied?.max)} | ${r.rate ? r.rate.rps : ''} | ${withinTargets(r) ? 'yes' : 'NO'} |`,
      );
    }
    for (const r of revenue) {
      console.log(
        `| ${r.name} (SQL${r.plan ? `: ${r.plan.filter((node) => / using /.test(node)).join(', ')}` : ''}) | ${fmt(r.first)} | ${fmt(r.p50)} | ${fmt(r.p95)} | | | | | | ${r.p95 <= P95_TARGET && !r.fromTable ? 'yes' : 'NO'} |`,
      );
    }
    const anon = Math.max(results[0]?.rate?.rps ?? 0, anonAgain.rps);
    const superadmin = Math.max(results[1]?.rate?.rps ?? 0, superadminAgain.rps);
    console.log(`| bare Fastify route, same bytes (${bytes.length} B) | | | | | | | | ${bareRate.rps} | |`);
    console.log(
      `\nreq/s at 10 connections, the best of two runs each: bare route ${bareFirst.rps} / ${bareSecond.rps}, anonymous list ${results[0]?.rate?.rps} / ${anonAgain.rps}, superadmin list ${results[1]?.rate?.rps} / ${superadminAgain.rps}`,
    );
    console.log(
      `\nanonymous list / bare route: ${((anon / bareRate.rps) * 100).toFixed(1)} % (target ≥ 50 %); superadmin list / bare: ${((superadmin / bareRate.rps) * 100).toFixed(1)} % (target ≥ ${usePglite ? 10 : 25} %)`,
    );
    if (usePglite) console.log(`anonymous list: ${anon} req/s (PGlite target ≥ 1,000)`);
    console.log(
      `waiting-list CSV export${exportQuery ? ` (${exportQuery})` : ''}: ${csv.lines.toLocaleString('en')} rows in ${fmt(csv.ms)} ms (first byte ${fmt(csv.firstByte ?? Number.NaN)} ms), status ${csv.status}, server RSS ${fmt(csv.rssBefore)} → peak ${fmt(csv.rssPeak)} MB (target ≤ 2 s for 100,000 rows)`,
    );
    if (stressResult) {
      const loginTimes = stressResult.logins.map((login) => login.ms).sort((a, b) => a - b);
      console.log(
        `50 connections for ${stressDuration} s on the anonymous list and search: ${stressResult.rps} req/s, answers ${JSON.stringify(stressResult.byStatus)}, errors ${stressResult.errors}; ${loginTimes.length} logins meanwhile: max ${fmt(loginTimes.at(-1) ?? Number.NaN)} ms, statuses ${[...new Set(stressResult.logins.map((login) => login.status))].join(',')} (target: no 5xx, login < 300 ms)`,
      );
    }
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output());
    failed = true;
  } finally {
    if (bare) bare.kill('SIGTERM');
    await stopServer(server);
    if ((keep || reuseUrl) && !usePglite) console.log(`\nkept: ${database.url} (drop it with DROP DATABASE when done)`);
    else await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main();

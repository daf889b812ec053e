/**
 * The database as Drizzle sees it: tables, columns, constraints and every index (plain, unique,
 * partial, on expressions, GIN and GiST with their operator classes). `npm run db:generate` writes
 * the migration of a change here; test/schema-indexes.test.ts fails when an index of the migrated
 * database is not declared here, or one declared here is missing or built otherwise.
 *
 * What Drizzle cannot declare (extensions, functions, the triggers of `row_counts`) lives only in
 * the SQL of the migrations, listed in schema/sql-only.ts.
 */
export * from './audit';
export * from './events';
export * from './partners';
export * from './settings';
export * from './users';
export * from './waitlist';
export * from './notifications';
export * from './community';
export * from './business-pages';
export * from './referrals';
export * from './row-counts';
export * from './event-stats';
export * from './check-in';
export * from './payments';
export * from './user-notifications';
export * from './conversations';
export * from './announcements';
export * from './ads';

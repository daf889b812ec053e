export * from './audit';
export * from './events';
export * from './partners';
export * from './settings';
export * from './users';
export * from './waitlist';
export * from './notifications';
export * from './community';

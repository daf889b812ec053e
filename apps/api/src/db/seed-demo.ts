import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import type { EventCategory } from '@app/shared/events';
import { toE164 } from '@app/shared/phone';
import { hashPassword } from '../lib/password';
import { seedReferralsDemo } from '../modules/referrals/referrals.seed';
import { searchable } from '../lib/text';
import { DEMO_MEMBERS, seedDemoCommunity } from './seed-demo-community';
import { eventTicketTypes, events, users, waitlistEntries } from './schema/index';
import { seedDemoAds } from './seed-demo-ads';
import { seedDemoPartners } from './seed-demo-partners';
import { usernameSkeletons } from '@app/shared/username-skeleton';

const DEMO_PASSWORD = 'Demo-Passw0rd!';

const PEOPLE = [
  ['Awa', 'Ngono', '677 12 34 01'],
  ['Jean-Pierre', 'Mbarga', '699 45 12 02'],
  ['Mireille', 'Fotso', '655 98 76 03'],
  ['Samuel', 'Etoo', '670 11 22 04'],
  ['Brenda', 'Tchoupo', '691 23 45 05'],
  ['Christian', 'Kamga', '678 54 32 06'],
  ['Nadège', 'Atangana', '656 67 89 07'],
  ['Hervé', 'Nkoulou', '672 90 12 08'],
  ['Sandrine', 'Mvondo', '694 34 56 09'],
  ['Patrick', 'Djomo', '679 78 90 10'],
  ['Estelle', 'Abena', '657 21 43 11'],
  ['Rodrigue', 'Wandji', '675 65 87 12'],
] as const;

const EVENTS = [
  ['Festival Ngondo', 'Douala', 'Berges du Wouri', 'festival', 'published', 12, ['tradition sawa', 'fleuve']],
  ['Concert Makossa Live', 'Douala', 'Canal Olympia Bessengué', 'concert', 'published', 20, ['makossa', 'musique']],
  ['Conférence Tech Cameroun', 'Yaoundé', 'Palais des Congrès', 'conference', 'draft', 35, ['numérique', 'entreprises']],
  ['Tournoi de football inter-quartiers', 'Bafoussam', 'Stade municipal', 'sport', 'published', 5, ['football', 'quartiers']],
  ['Exposition d’art contemporain', 'Yaoundé', 'Musée national', 'art', 'cancelled', -3, ['peinture', 'sculpture']],
  ['Nuit du Ndolé', 'Kribi', 'Plage de Kribi', 'food', 'published', 9, ['cuisine', 'plage']],
  ['Salon des entrepreneurs', 'Garoua', 'Hôtel Ribadu', 'business', 'draft', 40, ['entrepreneuriat', 'réseautage']],
  ['Atelier développement web', 'Douala', 'Akwa, rue Joss', 'training', 'published', -10, ['informatique', 'atelier']],
  ['Marché artisanal', 'Bafoussam', 'Place des fêtes', 'other', 'draft', 15, ['artisanat', 'marché']],
  ['Festival Nyem-Nyem', 'Garoua', 'Stade Roumdé Adjia', 'festival', 'cancelled', 25, ['danse', 'culture peule']],
] as const;

/** The category as a French tag (the labels keep « Business » and « Autre », poor tags). */
const CATEGORY_TAGS: Record<EventCategory, string> = {
  concert: 'concert',
  festival: 'festival',
  conference: 'conférence',
  sport: 'sport',
  art: 'art',
  food: 'gastronomie',
  business: 'affaires',
  training: 'formation',
  other: 'divers',
};

/** One demo account, as `npm run seed:demo` prints it: how to sign in and its role. */
export interface DemoAccount {
  email: string;
  username: string | null;
  role: string;
  /** An administrator still waiting for validation cannot use the back office yet. */
  pendingAdmin: boolean;
}

/** What the demo made: its accounts (all sharing `password`). */
export interface DemoSeedResult {
  password: string;
  accounts: DemoAccount[];
}

const ADMIN_EMAIL = 'didier.admin@exemple.cm';

/**
 * A realistic demo on top of the base seed. Idempotent: every row has a natural key (phone,
 * e-mail, title) and conflicts are skipped. Answers the demo accounts (read back, so a second run
 * lists them too) and their shared password.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoSeedResult> {
  const statuses = ['pending', 'approved', 'rejected'] as const;
  await app.db
    .insert(waitlistEntries)
    .values(
      PEOPLE.map(([first, last, phone], index) => {
        const name = `${first} ${last}`;
        const email = `${`${first}.${last}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')}@exemple.cm`;
        const e164 = toE164(phone) ?? phone;
        return {
          name,
          email,
          phone: e164,
          status: statuses[index % 3] ?? 'pending',
          searchText: searchable(name, email, e164),
          createdAt: new Date(Date.now() - index * 86_400_000),
        };
      }),
    )
    .onConflictDoNothing();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demoUsers = [
    { firstName: 'Aïcha', lastName: 'Bello', username: 'aicha', email: 'aicha@exemple.cm', phone: toE164('677 00 11 22') },
    { firstName: 'Paul', lastName: 'Biya Ndzana', username: 'paulndz', email: 'paul@exemple.cm', phone: toE164('699 00 11 33') },
    { firstName: 'Grâce', lastName: 'Eyenga', username: 'grace', email: 'grace@exemple.cm', phone: null },
  ];
  await app.db
    .insert(users)
    .values([
      ...demoUsers.map((user) => ({
        ...user,
        usernameSkeletons: usernameSkeletons(user.username),
        passwordHash,
        isVerified: true,
        emailVerified: true,
        phoneVerified: !!user.phone,
      })),
      {
        firstName: 'Didier',
        lastName: 'Moukoko',
        username: 'didier_admin',
        usernameSkeletons: usernameSkeletons('didier_admin'),
        email: ADMIN_EMAIL,
        passwordHash,
        role: 'admin' as const,
        requestedAdminType: 'admin',
        isVerified: true,
        emailVerified: true,
        isAdminValidated: false,
      },
    ])
    .onConflictDoNothing();

  const existing = new Map(
    (await app.db.select({ id: events.id, title: events.title, tags: events.tags }).from(events)).map((row) => [row.title, row]),
  );
  const organizer = (await app.db.select({ id: users.id, email: users.email }).from(users)).find(
    (u) => u.email === 'aicha@exemple.cm',
  );
  for (const [title, city, address, category, status, inDays, topics] of EVENTS) {
    // Tags in French, as people would type them: the city, the category and two topics.
    const tags = [city, CATEGORY_TAGS[category], ...topics];
    const found = existing.get(title);
    if (found) {
      // A demo event seeded by an older version kept English tags (`food`, `training`): they become French.
      if (found.tags.join() === [city.toLowerCase(), category].join()) {
        await app.db.update(events).set({ tags }).where(eq(events.id, found.id));
      }
      continue;
    }
    const start = new Date(Date.now() + inDays * 86_400_000);
    start.setUTCHours(17, 0, 0, 0);
    const description = `${title} à ${city} : venez nombreux partager ce moment.`;
    const [event] = await app.db
      .insert(events)
      .values({
        title,
        description,
        startDateTime: start,
        endDateTime: new Date(start.getTime() + 4 * 3600_000),
        address,
        city,
        category,
        status,
        cancelledAt: status === 'cancelled' ? new Date() : null,
        maxParticipants: 100 + title.length * 10,
        organizerId: organizer?.id ?? null,
        tags,
        searchText: searchable(title, description, address, city),
      })
      .returning({ id: events.id });
    if (event) await app.db.insert(eventTicketTypes).values({ eventId: event.id, name: 'Standard', price: 0, quantity: 100 });
  }
  await seedDemoPartners(app);
  await seedDemoCommunity(app, passwordHash);
  await seedReferralsDemo(app.db);
  await seedDemoAds(app);
  app.log.info(`demo data ready (demo accounts' password: ${DEMO_PASSWORD})`);
  const emails = [
    ...demoUsers.map((user) => user.email),
    ADMIN_EMAIL,
    ...DEMO_MEMBERS.map(([, , username]) => `${username}@membres.exemple.cm`),
  ];
  const rows = await app.db
    .select({ email: users.email, username: users.username, role: users.role, isAdminValidated: users.isAdminValidated })
    .from(users)
    .where(inArray(users.email, emails))
    .orderBy(asc(users.createdAt));
  const order = new Map(emails.map((email, index) => [email, index]));
  const accounts = rows
    .map((row) => ({
      email: row.email ?? '',
      username: row.username,
      role: row.role,
      pendingAdmin: row.role === 'admin' && !row.isAdminValidated,
    }))
    .sort((a, b) => (order.get(a.email) ?? 0) - (order.get(b.email) ?? 0));
  return { password: DEMO_PASSWORD, accounts };
}

/** The lines `npm run seed:demo` prints: each account (e-mail, username, role) beside the shared password. */
export function demoAccountLines(result: DemoSeedResult): string[] {
  const width = Math.max(...result.accounts.map((account) => account.email.length));
  return [
    `  Demo accounts / comptes de démonstration (password / mot de passe: ${result.password})`,
    ...result.accounts.map((account) => {
      const role = account.pendingAdmin ? `${account.role} (pending validation / en attente de validation)` : account.role;
      return `    ${account.email.padEnd(width)}  ${(account.username ?? '').padEnd(14)}  ${role}`;
    }),
  ];
}

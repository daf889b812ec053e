import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { toE164 } from '@app/shared/phone';
import { searchable } from '../lib/text';
import { processLogo } from '../modules/uploads/image-processing';
import { newImageKeys } from '../modules/uploads/uploads.storage';
import { businessPageEvents, businessPages, events, partnerActivities, partners, partnerUsers, users } from './schema/index';

type PartnerSeed = {
  name: string;
  type: 'business' | 'association' | 'individual';
  email: string;
  phone: string | null;
  website: string | null;
  address: string;
  status: 'active' | 'blocked' | 'pending';
  isVerified: boolean;
  color: [number, number, number];
  members: string[];
};

/** Every type in every status, most with a logo, some with authorised demo accounts. */
const PARTNERS: PartnerSeed[] = [
  {
    name: 'Brasserie du Littoral',
    type: 'business',
    email: 'contact@brasserie-littoral.cm',
    phone: '233 42 10 10',
    website: 'https://brasserie-littoral.cm',
    address: 'Bonabéri, Douala',
    status: 'active',
    isVerified: true,
    color: [180, 83, 9],
    members: ['aicha@exemple.cm', 'paul@exemple.cm'],
  },
  {
    name: 'Kribi Plage Loisirs',
    type: 'business',
    email: 'bonjour@kribi-plage.cm',
    phone: '699 12 00 01',
    website: 'https://kribi-plage.cm',
    address: 'Plage de Kribi',
    status: 'pending',
    isVerified: false,
    color: [14, 116, 144],
    members: [],
  },
  {
    name: 'Hôtel Ribadu Garoua',
    type: 'business',
    email: 'events@ribadu.cm',
    phone: null,
    website: null,
    address: 'Garoua',
    status: 'blocked',
    isVerified: true,
    color: [91, 33, 182],
    members: ['grace@exemple.cm'],
  },
  {
    name: 'Association Les Amis du Wouri',
    type: 'association',
    email: 'amis.wouri@exemple.cm',
    phone: '677 45 45 45',
    website: 'https://amisduwouri.cm',
    address: 'Akwa, Douala',
    status: 'active',
    isVerified: true,
    color: [21, 128, 61],
    members: ['aicha@exemple.cm'],
  },
  {
    name: 'Club Culturel de Bafoussam',
    type: 'association',
    email: 'club.culturel@exemple.cm',
    phone: null,
    website: null,
    address: 'Place des fêtes, Bafoussam',
    status: 'pending',
    isVerified: false,
    color: [190, 18, 60],
    members: [],
  },
  {
    name: 'Jeunesse Sportive de Mvog-Ada',
    type: 'association',
    email: 'js.mvogada@exemple.cm',
    phone: '655 00 22 33',
    website: null,
    address: 'Mvog-Ada, Yaoundé',
    status: 'blocked',
    isVerified: false,
    color: [202, 138, 4],
    members: ['paul@exemple.cm'],
  },
  {
    name: 'Mireille Fotso Créations',
    type: 'individual',
    email: 'mireille.creations@exemple.cm',
    phone: '691 88 77 66',
    website: null,
    address: 'Bastos, Yaoundé',
    status: 'active',
    isVerified: false,
    color: [219, 39, 119],
    members: ['grace@exemple.cm'],
  },
  {
    name: 'DJ Hervé Kamga',
    type: 'individual',
    email: 'dj.kamga@exemple.cm',
    phone: null,
    website: null,
    address: 'Bonapriso, Douala',
    status: 'pending',
    isVerified: false,
    color: [30, 64, 175],
    members: [],
  },
];

const PAGE_NAMES = [
  'Douala by Night',
  'Yaoundé Culture',
  'Kribi Week-ends',
  'Bafoussam Live',
  'Garoua Sport',
  'Makossa Sessions',
  'Saveurs du Cameroun',
  'Tech Meetups CM',
  'Afterworks Akwa',
  'Festivals du Nord',
  'Jazz à Bonapriso',
  'Marchés artisanaux',
  'Concerts Mvog-Ada',
  'Ateliers créatifs',
  'Rencontres business',
  'Plages et soleil',
  'Sport pour tous',
  'Nuits du Ndolé',
  'Théâtre de Yaoundé',
  'Expo Art Douala',
  'Salons pro Garoua',
  'Danse urbaine',
  'Cinéma en plein air',
  'Familles en fête',
  'Start-up Cameroun',
  'Gospel & Chœurs',
  'Mode africaine',
  'Randonnées Ouest',
];

/** A small square logo: a coloured tile, re-encoded by the events' image pipeline and stored. */
async function storeLogo(app: FastifyInstance, color: [number, number, number]): Promise<string> {
  const [r, g, b] = color;
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="256" height="256"><circle cx="128" cy="128" r="72" fill="white" fill-opacity="0.85"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const image = await processLogo(png, 'logo.png');
  const key = newImageKeys().detail;
  await app.storage.put(key, image.detail);
  return key;
}

/**
 * Demo partners (each type and status, with logos and authorised users), their activities, and
 * 28 business event pages with the demo events. Idempotent: partners by e-mail, pages by name.
 */
export async function seedDemoPartners(app: FastifyInstance): Promise<void> {
  const accounts = await app.db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(inArray(users.email, ['aicha@exemple.cm', 'paul@exemple.cm', 'grace@exemple.cm']));
  const byEmail = new Map(accounts.map((account) => [account.email, account.id]));

  for (const [index, seed] of PARTNERS.entries()) {
    const phone = seed.phone ? toE164(seed.phone) : null;
    const [row] = await app.db
      .insert(partners)
      .values({
        name: seed.name,
        type: seed.type,
        email: seed.email,
        phone,
        website: seed.website,
        address: seed.address,
        description: `${seed.name} organise des événements au Cameroun.`,
        status: seed.status,
        isVerified: seed.isVerified,
        searchText: searchable(seed.name, seed.email, phone, phone?.slice(4)),
        createdAt: new Date(Date.now() - (PARTNERS.length - index) * 3 * 86_400_000),
        lastActivity: new Date(),
      })
      .onConflictDoNothing({ target: partners.email })
      .returning();
    if (!row) continue;
    // The last partner keeps no logo, to show the initials.
    if (index < PARTNERS.length - 1) {
      await app.db
        .update(partners)
        .set({ logo: await storeLogo(app, seed.color) })
        .where(eq(partners.id, row.id));
    }
    const members = seed.members.map((email) => byEmail.get(email)).filter((id): id is string => !!id);
    if (members.length > 0) {
      await app.db
        .insert(partnerUsers)
        .values(members.map((userId) => ({ partnerId: row.id, userId })))
        .onConflictDoNothing();
    }
    const activities = [{ type: 'create', description: 'Partenaire créé' }];
    if (seed.isVerified) activities.push({ type: 'verify', description: 'Partenaire vérifié' });
    if (seed.status === 'blocked') activities.push({ type: 'block', description: 'Partenaire bloqué' });
    for (const [position, activity] of activities.entries()) {
      await app.db
        .insert(partnerActivities)
        .values({ partnerId: row.id, ...activity, createdAt: new Date(row.createdAt.getTime() + position * 3600_000) });
    }
  }

  // Two demo events organised for partners: the partner shows as organiser.
  const partnerRows = await app.db.select({ id: partners.id, email: partners.email }).from(partners);
  const partnerId = (email: string) => partnerRows.find((row) => row.email === email)?.id ?? null;
  const festival = partnerId('amis.wouri@exemple.cm');
  const brasserie = partnerId('contact@brasserie-littoral.cm');
  if (festival) await app.db.update(events).set({ partnerId: festival }).where(eq(events.title, 'Festival Ngondo'));
  if (brasserie) await app.db.update(events).set({ partnerId: brasserie }).where(eq(events.title, 'Concert Makossa Live'));

  const existingPages = new Set((await app.db.select({ name: businessPages.name }).from(businessPages)).map((row) => row.name));
  const demoEvents = await app.db.select({ id: events.id }).from(events).orderBy(events.createdAt).limit(10);
  const owners = accounts.map((account) => account.id);
  for (const [index, name] of PAGE_NAMES.entries()) {
    if (existingPages.has(name) || owners.length === 0) continue;
    const [page] = await app.db
      .insert(businessPages)
      .values({
        name,
        ownerId: owners[index % owners.length] ?? null,
        partnerId: index % 5 === 0 ? festival : index % 5 === 1 ? brasserie : null,
        subscription: index % 4 === 0 ? 'premium' : 'free',
        isActive: index % 7 !== 3,
        createdAt: new Date(Date.now() - (PAGE_NAMES.length - index) * 86_400_000),
      })
      .returning({ id: businessPages.id });
    const attached = demoEvents.slice(index % 8, (index % 8) + (index % 4));
    if (page && attached.length > 0) {
      await app.db
        .insert(businessPageEvents)
        .values(attached.map((event) => ({ pageId: page.id, eventId: event.id })))
        .onConflictDoNothing();
    }
  }
}

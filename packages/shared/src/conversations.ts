import { z } from 'zod';
import { uuidParam } from './common';

/*
 * Conversations (issue 29, decision 063): a person with the team ('support'), a participant with
 * an event's organiser ('event'). Shared by the API, the web app and the mobile app.
 */

export const MESSAGE_MAX = 2000;
/** A message's photo as sent (decision 065): the profile photos' and event images' 10 MB. */
export const MESSAGE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The last-message line of a conversation whose last message is a photo without text. */
export const PHOTO_PREVIEW = '📷 Photo';
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

export const CONVERSATION_MESSAGES = {
  required: 'Le message ne peut pas être vide',
  tooLong: `Le message doit contenir au plus ${MESSAGE_MAX} caractères`,
  sent: 'Message envoyé',
  notFound: 'Conversation introuvable',
  eventNotFound: 'Événement introuvable',
  notParticipant: 'Seuls les participants de cet événement peuvent écrire à son organisateur',
  notParticipantOfYours: 'Cette personne ne participe pas à votre événement',
  ownEvent: 'Vous êtes l’organisateur de cet événement',
  noOrganizer: 'Cet événement n’a pas d’organisateur à qui écrire',
  blocked: 'Vous ne pouvez pas écrire à cette personne',
  userNotFound: 'Utilisateur introuvable',
  read: 'Conversation lue',
  blockedDone: 'Cette personne est bloquée : elle ne peut plus vous écrire',
  unblockedDone: 'Cette personne est débloquée',
  cannotBlockSelf: 'Vous ne pouvez pas vous bloquer vous-même',
  closed: 'Conversation fermée',
  reopened: 'Conversation rouverte',
  assigned: 'La conversation vous est attribuée',
  bidi: 'Le message contient des caractères qui inversent le sens du texte',
  imageRequired: 'Choisissez une photo à envoyer',
  imageTooLarge: 'La photo doit faire 10 Mo au maximum',
  imageOnlyOne: 'Une seule photo par message',
  imageOnlyField: 'Seule une image est attendue, dans le champ « image »',
  imageNotFound: 'Photo introuvable : choisissez-la de nouveau',
  imageSaved: 'Photo prête à envoyer',
} as const;

/** Characters that turn text right-to-left or isolate it: they can disguise a link's address. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** A text written to people: trimmed, 1–`max` characters, no text-direction controls (control characters are refused for every body). */
export function messageTextSchemaOf(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ message: messages.required })
    .trim()
    .min(1, { message: messages.required })
    .max(max, { message: messages.tooLong })
    .refine((text) => !BIDI_CONTROLS.test(text), { message: CONVERSATION_MESSAGES.bidi });
}

/** The text of a message: 1–2 000 characters. */
export const messageTextSchema = messageTextSchemaOf(MESSAGE_MAX, CONVERSATION_MESSAGES);

/** Beside a photo the text may be empty (0–2 000 characters). */
const captionSchema = z
  .string({ message: CONVERSATION_MESSAGES.required })
  .trim()
  .max(MESSAGE_MAX, { message: CONVERSATION_MESSAGES.tooLong })
  .refine((text) => !BIDI_CONTROLS.test(text), { message: CONVERSATION_MESSAGES.bidi });

/**
 * What a message carries: text, a photo uploaded first by its author (`imageId`, from
 * `POST /conversations/images`), or both; at least one of the two.
 */
const messageContent = {
  text: captionSchema.default(''),
  imageId: uuidParam.optional(),
};
const textOrImage = (message: { text: string; imageId?: string | undefined }) => message.text.length > 0 || !!message.imageId;
const textOrImageError = { message: CONVERSATION_MESSAGES.required, path: ['text'] };

export const sendMessageSchema = z.strictObject(messageContent).refine(textOrImage, textOrImageError);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;
/** A composer's fields, before the schema fills the text's default. */
export type SendMessageFields = z.input<typeof sendMessageSchema>;

/** An organiser starts a thread with one of their participants (`participantId`); a participant names nobody. */
export const startEventConversationSchema = z
  .strictObject({ ...messageContent, participantId: uuidParam.optional() })
  .refine(textOrImage, textOrImageError);
export type StartEventConversationInput = z.infer<typeof startEventConversationSchema>;

/** A message's line in its conversation's list: its text, '📷 Photo' for a photo alone, '📷 ' before the text of a photo's. */
export function messagePreview(text: string, withImage: boolean): string {
  if (!withImage) return text;
  return text ? `📷 ${text}` : PHOTO_PREVIEW;
}

/**
 * A message's photo: `url` the copy shown in the thread (640 px at most on its longest side),
 * `fullUrl` the whole photo (1 600 px at most); `width` × `height` are the whole photo's, so a
 * screen keeps its place before it loads. Served by an unguessable address (decision 065).
 */
export const messageImageSchema = z.object({
  _id: z.uuid(),
  url: z.string(),
  fullUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

export const messageImageResponseSchema = z.object({ message: z.string(), image: messageImageSchema });
export type MessageImageResponse = z.infer<typeof messageImageResponseSchema>;

export const CONVERSATION_KINDS = ['support', 'event'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

const personSchema = z.object({ _id: z.uuid().nullable(), name: z.string() });

export const messageSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  /** Written by the one who reads: shown on the right. */
  mine: z.boolean(),
  /** The author's name, 'L’équipe' for the team, 'Compte supprimé' once gone. */
  author: z.string(),
  fromTeam: z.boolean(),
  /** The photo sent with the message, or null. */
  image: messageImageSchema.nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  _id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  /** Who the reader talks to: the organiser, the participant, or the team. */
  with: personSchema,
  event: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  status: z.enum(['open', 'closed']),
  lastMessageText: z.string(),
  lastMessageAt: z.string(),
  unread: z.number().int().min(0),
  /** The reader blocked the other person (or was blocked): the thread reads, nobody writes. */
  canWrite: z.boolean(),
  /** The reader blocked the other person (and may unblock them). */
  blockedByMe: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const conversationsResponseSchema = z.object({
  items: z.array(conversationSummarySchema),
  hasMore: z.boolean(),
  unread: z.number().int().min(0),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const messagesQuerySchema = z.object({
  /** Older than this message (the thread's previous page). */
  before: uuidParam.optional(),
});

export const threadResponseSchema = z.object({
  conversation: conversationSummarySchema,
  /** Oldest first. */
  messages: z.array(messageSchema),
  hasOlder: z.boolean(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const sentMessageResponseSchema = z.object({
  message: z.string(),
  conversationId: z.uuid(),
  sent: messageSchema,
});
export type SentMessageResponse = z.infer<typeof sentMessageResponseSchema>;

/** Read up to this message, the last one shown (those after it stay unread); without it, all. */
export const readConversationSchema = z.strictObject({ upTo: uuidParam.optional() }).nullish();

export const unreadMessagesResponseSchema = z.object({ unread: z.number().int().min(0) });

export const userIdParamsSchema = z.object({ userId: uuidParam });

/* 'Messagerie', the team's support inbox (`manage_chats`). */

export const SUPPORT_FILTERS = ['open', 'waiting', 'closed', 'mine'] as const;
export type SupportFilter = (typeof SUPPORT_FILTERS)[number];

export const supportInboxQuerySchema = z.object({
  filter: z.enum(SUPPORT_FILTERS, { message: 'Filtre inconnu' }).default('open'),
  search: z.string().trim().max(100, { message: '100 caractères au maximum' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SupportInboxQuery = z.infer<typeof supportInboxQuerySchema>;

export const supportConversationSchema = z.object({
  _id: z.uuid(),
  user: z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  status: z.enum(['open', 'closed']),
  /** The person wrote last: the team owes an answer. */
  waiting: z.boolean(),
  assignedTo: personSchema.nullable(),
  lastMessageText: z.string(),
  lastMessageAt: z.string(),
  unread: z.number().int().min(0),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportInboxResponseSchema = z.object({
  items: z.array(supportConversationSchema),
  hasMore: z.boolean(),
});
export type SupportInboxResponse = z.infer<typeof supportInboxResponseSchema>;

export const supportThreadResponseSchema = z.object({
  conversation: supportConversationSchema,
  messages: z.array(messageSchema),
  hasOlder: z.boolean(),
});
export type SupportThreadResponse = z.infer<typeof supportThreadResponseSchema>;

export const supportStatusSchema = z.strictObject({
  status: z.enum(['open', 'closed'], { message: 'Statut inconnu : open ou closed' }),
});

export const supportActionResponseSchema = z.object({
  message: z.string(),
  conversation: supportConversationSchema,
});

export const supportReplyResponseSchema = supportActionResponseSchema.extend({ sent: messageSchema });

export const mySupportResponseSchema = z.object({ thread: threadResponseSchema.nullable() });

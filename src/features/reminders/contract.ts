import { z } from 'zod';

/**
 * Reminders: the e-mails a player gets unprompted around a tournament, and the
 * player's choice of which to get. Safe on client and server.
 */

/** The kinds of reminder, as stored (reminders_sent.kind). */
export const reminderKinds = ['checkin_open', 'checkin_closing', 'results_final'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** GET|PUT /users/me/notifications: which reminders the player wants (all, until they say otherwise). */
export const notificationPreferencesSchema = z.strictObject({
  checkinOpen: z.boolean(),
  checkinClosing: z.boolean(),
  resultsFinal: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const defaultNotificationPreferences: NotificationPreferences = {
  checkinOpen: true,
  checkinClosing: true,
  resultsFinal: true,
};

/** The preference that turns each kind off. */
export const preferenceOf: Record<ReminderKind, keyof NotificationPreferences> = {
  checkin_open: 'checkinOpen',
  checkin_closing: 'checkinClosing',
  results_final: 'resultsFinal',
};

/** "Check-in closes soon" goes this long before the end of check-in. */
export const CHECKIN_CLOSING_LEAD_MS = 15 * 60_000;
/** Results finalised longer ago than this are not mailed any more (a server down for a week, a restored backup). */
export const RESULTS_MAIL_WINDOW_MS = 7 * 24 * 3600_000;

import { type APIRequestContext, expect } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { exclusive } from '../../fixtures/exclusive';
import { changeSetting } from '../../fixtures/settings';
import { shotsIn } from '../../fixtures/shots';

/*
 * Decision 062: 'Notifications sur ce téléphone' in 'Mon profil' › Notifications. Headless
 * Chromium has no push service to reach (pushManager.subscribe needs Google's), so these tests
 * cover what the screen says in each state and the permission flow; the protocol itself is
 * tested in apps/api/src/modules/push/push.test.ts against a local push service.
 */

const shot = shotsIn('push', { noSidewaysScroll: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

/** Runs `run` with the team's 'Notifications push' set to `on`, then puts the settings back (both projects take turns). */
async function withPushSetting(request: APIRequestContext, superToken: string, on: boolean, run: () => Promise<void>) {
  await exclusive('push-setting', async () => {
    const before = await changeSetting(request, superToken, 'notifications', 'pushNotifications', on);
    try {
      await run();
    } finally {
      await changeSetting(request, superToken, 'notifications', 'pushNotifications', before);
    }
  });
}

test('push turned off by the team: the profile says so and offers no push box', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  const account = await signedInAccount(request, testInfo, 'pushoff', PASSWORD);
  await withPushSetting(request, superToken, false, async () => {
    await loginAs(page, request, account.email, PASSWORD);
    await page.goto('/mon-compte/profil#notifications');
    const device = page.getByRole('group', { name: 'Notifications sur ce téléphone' });
    await expect(device).toContainText('L’équipe a désactivé pour le moment les notifications sur téléphone.');
    await expect(device.getByRole('button')).toHaveCount(0);
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section.getByRole('group', { name: 'Un évènement auquel je participe est annulé' })).toBeVisible();
    await expect(section.getByRole('checkbox', { name: 'Téléphone' })).toHaveCount(0);
    await device.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'team-off');
    await expectNoAxeViolations(page, 'profil, notifications push désactivées par l’équipe');
  });
});

test('push on: the phone column per kind, and the permission flow of this device', async ({
  page,
  context,
  request,
  superToken,
}, testInfo) => {
  const account = await signedInAccount(request, testInfo, 'pushon', PASSWORD);
  await withPushSetting(request, superToken, true, async () => {
    await context.grantPermissions(['notifications']);
    await loginAs(page, request, account.email, PASSWORD);
    await page.goto('/mon-compte/profil#notifications');
    const device = page.getByRole('group', { name: 'Notifications sur ce téléphone' });
    await expect(device).toContainText('Désactivées. Activez-les pour être prévenu sur ce téléphone, même application fermée.');
    const turnOn = device.getByRole('button', { name: 'Activer sur ce téléphone' });
    await expect(turnOn).toBeEnabled();

    // Every kind offers the phone; a kind told only on the phone has that one box.
    const section = page.getByRole('region', { name: 'Notifications' });
    const joined = section.getByRole('group', { name: 'Quelqu’un participe à mon évènement' });
    await expect(joined.getByRole('checkbox')).toHaveCount(1);
    const phone = joined.getByRole('checkbox', { name: 'Téléphone' });
    await expect(phone).toBeChecked();
    await phone.uncheck();
    await expect(page.getByText('Préférence enregistrée')).toBeVisible();
    const stored = await request.get('/api/users/me/notification-preferences', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect((await stored.json()).preferences).toContainEqual({ kind: 'participant_joined', channel: 'push', enabled: false });
    await expect(section).toContainText('Aucun SMS ni notification sur le téléphone entre 22 h et 7 h (heure de Douala)');
    await device.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'device-off');
    await expectNoAxeViolations(page, 'profil, notifications push proposées');

    // Permission granted; the subscription itself needs a push service this headless browser cannot reach.
    await turnOn.click();
    await expect(device.getByRole('alert')).toContainText(
      'Impossible d’activer les notifications sur ce téléphone. Réessayez plus tard.',
    );
    await expect(turnOn).toBeEnabled();
    await shot(page, testInfo, 'device-failed');
    await expectNoAxeViolations(page, 'profil, notifications push en échec');
  });
});

test('permission refused on this device: the profile says how to allow it', async ({ page, request, superToken }, testInfo) => {
  const account = await signedInAccount(request, testInfo, 'pushno', PASSWORD);
  await withPushSetting(request, superToken, true, async () => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await loginAs(page, request, account.email, PASSWORD);
    await page.goto('/mon-compte/profil#notifications');
    const device = page.getByRole('group', { name: 'Notifications sur ce téléphone' });
    await expect(device).toContainText('Vous avez refusé les notifications pour ce site.');
    await expect(device.getByRole('button')).toHaveCount(0);
    await device.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'denied');
    await expectNoAxeViolations(page, 'profil, notifications refusées');
  });
});

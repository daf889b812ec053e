import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29 (decisions 060 and 063): the organiser moves an event from its form; each participant
 * whose account page is open sees the bell count it at once, without reloading, and reads where it
 * moved.
 */

const shot = shotsIn('notified-live', { noSidewaysScroll: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

test('an organiser moves an event and each participant’s open page shows the notification at once', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const participants = [
    await signedInAccount(request, testInfo, 'awa', PASSWORD),
    await signedInAccount(request, testInfo, 'jean', PASSWORD),
  ];
  const title = `Festival du Ndolé ${randomBytes(2).toString('hex')}`;
  const id = await publishedEvent(request, organiser.token, eventBody(title, 240));
  for (const person of participants) {
    const joined = await request.post(`/api/events/${id}/participants`, { headers: { authorization: `Bearer ${person.token}` } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  // Each participant has 'Mes participations' open, in a browser of their own.
  const viewport = page.viewportSize() ?? undefined;
  const pages = [];
  for (const person of participants) {
    const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Africa/Douala' });
    const own = await context.newPage();
    await loginAs(own, request, person.email, PASSWORD);
    await own.goto('/mon-compte/participations');
    await expect(own.locator('[data-participation]')).toHaveCount(1);
    await expect(own.getByTestId('notification-count')).toHaveCount(0);
    pages.push(own);
  }

  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${id}/modifier`);
  const next = page.getByRole('button', { name: 'Suivant' });
  if (testInfo.project.name === 'mobile') {
    await next.click();
    await next.click();
  }
  await page.getByLabel('Ville').fill('Yaoundé');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).not.toHaveURL(/\/modifier$/);

  for (const own of pages) {
    await expect(own.getByTestId('notification-count')).toHaveText('1');
    await expect(own.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 non lue(s)');
  }
  const [first] = pages;
  if (!first) throw new Error('no participant page');
  await first.getByTestId('notification-bell').click();
  await expect(first.locator('[data-notification]').first()).toContainText(
    `« ${title} » change : à Rue de la Joie, Akwa, Yaoundé.`,
  );
  await shot(first, testInfo, 'participant-notifications');
  await expectNoAxeViolations(first, 'notifications après un déplacement');
  for (const own of pages) await own.context().close();
});

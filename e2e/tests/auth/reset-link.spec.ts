import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { codeFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/** Issue 24, finding 10: the reset e-mail's link opens the new-password step and resets, even after strangers killed the code. */

const shot = shotsIn('accounts', { noSidewaysScroll: true, prefix: 'reset-link-' });
const PASSWORD = 'Mango-Tree-2025';
const NEW_PASSWORD = 'Baobab-Shade-77';
const freshIp = () => `10.26.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The reset link of the last reset e-mail the server wrote to DATA_DIR/outbox for this address. */
async function resetLinkFromOutbox(to: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.includes('-email-')) : [];
    for (const file of files) {
      let message: { to?: string; text?: string };
      try {
        message = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
      } catch {
        continue; // a message the server is still writing: read again at the next turn
      }
      const link = message.to === to ? /https?:\/\/\S+\/GetStarted\?reset=[\w.-]+/.exec(message.text ?? '')?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset link in the outbox for ${to}`);
}

test('the reset link resets the password after five wrong codes from strangers', async ({ page, request }, testInfo) => {
  const username = `lien_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  const registered = await request.post('/api/users/register', {
    data: { username, email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Awa', lastName: 'Ngono' },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await request.post('/api/users/verify-otp', {
    data: { email, otp: await codeFromOutbox(email) },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  const asked = await request.post('/api/auth/reset-password', { data: { email }, headers: { 'x-forwarded-for': freshIp() } });
  expect(asked.status()).toBe(200);
  const link = await resetLinkFromOutbox(email);
  // Strangers kill the code with five wrong tries.
  for (let i = 0; i < 5; i++) {
    const wrong = await request.post('/api/auth/new-password', {
      data: { email, otp: '000000', newPassword: NEW_PASSWORD },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(wrong.status()).toBe(400);
  }

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Chiffre \d sur 6$/ })).toHaveCount(0);
  await shot(page, testInfo, 'new-password');
  await expectNoAxeViolations(page, 'the new-password step opened from the link');
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'done');
  await expectNoAxeViolations(page, 'sign-in after the reset link');

  const login = await request.post('/api/users/login', {
    data: { identifier: email, password: NEW_PASSWORD },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(login.status(), await login.text()).toBe(200);
});

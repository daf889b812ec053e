import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { codeFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/** Issue 25 item 8: a phone-only account resets its password by SMS from 'Mot de passe oublié ?'. */

const shot = shotsIn('/tmp/shots-accounts', { noSidewaysScroll: true, prefix: 'reset-phone-' });
const PASSWORD = 'Mango-Tree-2025';
const NEW_PASSWORD = 'Baobab-Shade-77';
const freshIp = () => `10.27.${randomInt(250)}.${randomInt(250)}`;
/** A fresh Cameroonian mobile number, in E.164. */
const freshPhone = () => `+23769${String(randomInt(10_000_000)).padStart(7, '0')}`;
/** '+237691234567' as people write it from abroad: '00237 6 91 23 45 67'. */
const written = (e164: string) => `00237 ${e164.slice(4).replace(/^(\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, '$1 $2 $3 $4 $5')}`;

/** The code of the reset SMS the server wrote to DATA_DIR/outbox for this number (waits up to 10 s). */
async function resetCodeFromOutbox(to: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.includes('-sms-')) : [];
    for (const file of files) {
      try {
        const message = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
        const code = message.to === to ? /code de réinitialisation est (\d{6})/.exec(message.text)?.[1] : undefined;
        if (code) return code;
      } catch {
        // Still being written: read on the next round.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset SMS in the outbox for ${to}`);
}

async function openReset(page: Page) {
  await page.goto('/GetStarted');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeFocused();
}

test('forgot password by phone: the SMS code, typed, moves on by itself; the new password works', async ({
  page,
  request,
}, testInfo) => {
  // A phone-only account, verified by its SMS code.
  const phone = freshPhone();
  const username = `tel_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const registered = await request.post('/api/users/register', {
    data: { username, phone, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Awa', lastName: 'Ngono' },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await request.post('/api/users/verify-otp', {
    data: { phone, otp: await codeFromOutbox(phone, 'sms') },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await openReset(page);
  const field = page.getByRole('textbox', { name: 'E-mail ou téléphone', exact: true });
  await field.fill(written(phone));
  await shot(page, testInfo, 'request');
  await expectNoAxeViolations(page, 'the reset request with a phone');
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(page.getByText('Un code de réinitialisation a été envoyé par SMS à votre numéro de téléphone')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(`Entrez le code reçu par SMS au +237 ${phone.slice(4, 5)} `)).toBeVisible();

  // Typed digit by digit: the sixth moves on to the new password (no button to tap for the code).
  const code = await resetCodeFromOutbox(phone);
  await page.locator('[data-otp-box="0"]').click();
  await page.keyboard.type(code);
  const newPassword = page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true });
  await expect(newPassword).toBeFocused();
  await page.keyboard.type(NEW_PASSWORD);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
  await shot(page, testInfo, 'new-password');
  await expectNoAxeViolations(page, 'the new-password step after an SMS');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'done');

  const oldOne = await request.post('/api/users/login', {
    data: { identifier: phone, password: PASSWORD },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(oldOne.status()).toBe(401);
  const newOne = await request.post('/api/users/login', {
    data: { identifier: written(phone), password: NEW_PASSWORD },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(newOne.status(), await newOne.text()).toBe(200);
});

test('an unknown number gets the same answer; a number outside the SMS countries is told why', async ({ page }, testInfo) => {
  await openReset(page);
  const field = page.getByRole('textbox', { name: 'E-mail ou téléphone', exact: true });
  await field.fill(freshPhone());
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(page.getByText('Un code de réinitialisation a été envoyé par SMS à votre numéro de téléphone')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();

  await openReset(page);
  await field.fill('12');
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(page.getByText('Adresse e-mail ou numéro de téléphone invalide')).toBeVisible();
  await field.fill('+33 6 12 34 56 78');
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  const refusal = 'Nous n’envoyons les SMS qu’aux numéros de : Cameroun. Utilisez un de ces numéros ou une adresse e-mail.';
  await expect(page.locator('form').getByText(refusal)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await shot(page, testInfo, 'refused');
  await expectNoAxeViolations(page, 'the reset request refused for the SMS countries');
});

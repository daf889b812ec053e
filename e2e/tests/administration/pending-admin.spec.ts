import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type TestInfo } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

/** Issue 25 item 10: a pending administrator is told why its back office is empty, and hears of its approval. */

const shot = shotsIn('accounts', { noSidewaysScroll: true, prefix: 'pending-admin-' });
const PASSWORD = 'Nouvel-Admin-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The e-mails the server wrote to DATA_DIR/outbox for `to` (no SMTP server in the suite). */
function emailsTo(to: string): { subject: string; text: string }[] {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => file.includes('-email-'))
    .flatMap((file) => {
      // A file being written is read again at the next poll.
      try {
        return [JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { to: string; subject: string; text: string }];
      } catch {
        return [];
      }
    })
    .filter((message) => message.to === to);
}

test('a pending administrator sees that its account awaits approval, then is told by e-mail once approved', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const email = `ines.${id}@example.cm`;
  await registerVerified(request, {
    username: `ines_${id}`,
    email,
    password: PASSWORD,
    firstName: 'Inès',
    lastName: 'Abega',
    adminType: 'admin',
  });
  await loginAs(page, request, email, PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue, Inès' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Votre compte administrateur est en attente de validation' })).toBeVisible();
  await expect(page.getByText(/Vous serez prévenu par e-mail \(ou par SMS\) dès qu’il sera validé/)).toBeVisible();
  await expect(page.getByText('Voici un aperçu de votre plateforme.')).toHaveCount(0);
  await shot(page, testInfo, 'waiting');
  await expectNoAxeViolations(page, 'the pending administrator’s home');

  // The superadmin approves it: the person is told by e-mail, with the sign-in link.
  const token = await superadminToken(request);
  const list = await request.get(`/api/users?role=admin&q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const adminId = ((await list.json()) as { items: { _id: string; email: string }[] }).items.find(
    (item) => item.email === email,
  )?._id;
  expect(adminId).toBeTruthy();
  const approved = await request.put(`/api/users/${adminId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { isAdminValidated: true, permissions: ['manage_events'] },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect
    .poll(() => emailsTo(email).filter((mail) => mail.subject.endsWith('votre compte administrateur est validé')).length)
    .toBe(1);
  expect(emailsTo(email).find((mail) => mail.subject.endsWith('validé'))?.text).toContain('/GetStarted');

  // Back on its home, the waiting notice is gone.
  await page.reload();
  await expect(page.getByText('Voici un aperçu de votre plateforme.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Votre compte administrateur est en attente de validation' })).toHaveCount(0);
});

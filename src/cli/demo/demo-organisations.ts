import type { INestApplicationContext } from '@nestjs/common';
import type { Principal } from '../../access/principal';
import { TransfersService } from '../../money/transfers.service';
import { InvoicePayments } from '../../organisations/invoice-payments.service';
import { InvoicesService } from '../../organisations/invoices.service';
import { MembersService } from '../../organisations/members.service';
import type { GradeDto } from '../../organisations/organisation.dto';
import type { OrganisationType } from '../../organisations/organisation.entity';
import { OrganisationsService } from '../../organisations/organisations.service';
import { PayrollService } from '../../organisations/payroll.service';
import { approvedOf, type Member } from './demo-community';

const DAY_MS = 24 * 60 * 60 * 1000;

const POLICE: GradeDto[] = [
  { name: 'Cadete', salary: 300, rights: [] },
  { name: 'Agente', salary: 500, rights: ['issue_fines', 'view_treasury'] },
  { name: 'Sargento', salary: 800, rights: ['hire', 'fire', 'promote', 'issue_fines', 'view_treasury'] },
  { name: 'Jefe', salary: 1200, rights: [] },
];
const GARAGE: GradeDto[] = [
  { name: 'Aprendiz', salary: 0, rights: [] },
  { name: 'Mecánico', salary: 400, rights: ['issue_invoices'] },
  { name: 'Dueño', salary: 600, rights: [] },
];
const GANG: GradeDto[] = [
  { name: 'Recluta', salary: 0, rights: [] },
  { name: 'Líder', salary: 0, rights: [] },
];

/**
 * The city's organisations: a police force paid by the city with a payroll behind it and pending
 * fines, a garage whose repair invoice was paid, a gang, and a member who will retire (and so
 * leave). Made before characters end, so the end of one shows in its memberships.
 */
export async function foundOrganisations(app: INestApplicationContext, admin: Principal, members: Member[]): Promise<void> {
  const living = approvedOf(members);
  const approved = living.filter((c) => c.spec.fate === 'approved');
  const at = (index: number) => approved[index % approved.length];
  const create = (name: string, type: OrganisationType, grades: GradeDto[], boss: { characterId: string }) =>
    app.get(OrganisationsService).create(admin, { name, type, grades, bossCharacterId: boss.characterId });
  const hire = (organisationId: string, characterId: string, grade: number) => app.get(MembersService).hire(admin, organisationId, { characterId, grade });

  const police = await create('Policía de Los Santos', 'job', POLICE, at(0));
  await hire(police.organisationId, at(1).characterId, 2);
  await hire(police.organisationId, at(2).characterId, 1);
  const garage = await create('Taller Mecánico del Puerto', 'business', GARAGE, at(3));
  for (const retiring of living.filter((c) => c.spec.fate === 'retired')) await hire(garage.organisationId, retiring.characterId, 1);
  const gang = await create('Los del Puerto', 'faction', GANG, at(4));
  await hire(gang.organisationId, at(2).characterId, 0);

  const treasury = { type: 'organisation', organisationId: police.organisationId } as const;
  await app.get(TransfersService).transfer(admin, 'demo-org-city-budget', { from: { type: 'external' }, to: treasury, amount: 20_000, memo: 'Presupuesto municipal' });
  await app.get(PayrollService).pay(admin, police.organisationId, 'demo-org-payroll-1');

  const invoices = app.get(InvoicesService);
  const bill = (key: string, kind: 'invoice' | 'fine', organisationId: string, to: string, amount: number, reason: string, dueInDays?: number) =>
    invoices.issue(admin, key, {
      kind,
      from: { type: 'organisation', organisationId },
      to: { characterId: to },
      amount,
      reason,
      dueAt: dueInDays === undefined ? null : new Date(Date.now() + dueInDays * DAY_MS).toISOString(),
    });
  await bill('demo-org-fine-1', 'fine', police.organisationId, at(4).characterId, 750, 'Exceso de velocidad en la autopista', 7);
  await bill('demo-org-fine-2', 'fine', police.organisationId, at(5).characterId, 300, 'Estacionamiento indebido frente al hospital');
  const repair = await bill('demo-org-invoice-1', 'invoice', garage.organisationId, at(0).characterId, 1_200, 'Reparación del motor');
  const payer = at(0);
  await app.get(InvoicePayments).pay(payer.member.caller, repair.invoiceId, 'demo-org-pay-1', { from: { type: 'wallet', characterId: payer.characterId } });
}

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { defaultPropertyTimeZone } from '@commonwise/contracts';
import type { Db } from './client.ts';
import { hashPassword } from 'better-auth/crypto';
import {
  accounts,
  attachments,
  profiles,
  vendorCompanies,
  vendorDocuments,
  vendorPeople,
  vendorServiceAreas,
  workOrders,
} from './schema/index.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { dayIn } from '../modules/letters/values.ts';
import { addDays } from '../modules/vendors/compliance.ts';
import { demoPassword } from '../modules/auth/demo-accounts.ts';

/**
 * The demo's vendor directory (issue 24 item 1):
 * - **Ortiz Plumbing & Repair**, Victor Ortiz's company (the demo vendor, its primary contact): plumbing and
 *   appliances, serving Willow Creek (which keeps its record) and Harbor View, with a verified certificate of insurance that
 *   expires in 20 days (the vendor portal's warning, and the managers' alert), a licence and a W-9;
 * - **Lone Star Electric**, serving Willow Creek, whose certificate expired last week (a manager assigning
 *   it is stopped and may override with a reason), with one person invited who has not joined yet.
 * - **Hill Country Plumbing** (Sam Alvarez, vendor2@commonwise.test), a second plumbing company for Willow
 *   Creek's requests for bids, certificate current.
 * Victor's work orders stay as they are (only new assignments are checked); they are now his company's.
 */
export async function seedDemoVendors(
  tx: Db,
  storage: FileStorage,
  propertyIds: { willowCreek: string; harborView: string },
  people: { vendor: string; manager: string },
): Promise<void> {
  const today = dayIn(new Date(), defaultPropertyTimeZone);
  const verified = { status: 'verified' as const, verifiedBy: people.manager, verifiedAt: new Date() };
  const [ortiz, loneStar] = await tx
    .insert(vendorCompanies)
    .values([
      {
        name: 'Ortiz Plumbing & Repair',
        trades: ['plumbing', 'appliances'],
        phone: '(512) 555-0142',
        email: 'office@ortizplumbing.example',
        website: 'https://ortizplumbing.example',
        address: '2210 E Cesar Chavez St, Austin, TX 78702',
        contacts: [
          { name: 'Rosa Ortiz', role: 'Office and billing', email: 'billing@ortizplumbing.example' },
          { name: 'Emergency line', role: 'Nights and weekends', phone: '(512) 555-0199' },
        ],
        notes: 'Reliable on leaks; ask for Victor for anything under a sink.',
        homePropertyId: propertyIds.willowCreek,
        createdBy: people.manager,
      },
      {
        name: 'Lone Star Electric',
        trades: ['electrical'],
        phone: '(512) 555-0175',
        email: 'dispatch@lonestarelectric.example',
        address: '901 W Ben White Blvd, Austin, TX 78704',
        homePropertyId: propertyIds.willowCreek,
        createdBy: people.manager,
      },
    ])
    .returning({ id: vendorCompanies.id });
  await tx.insert(vendorServiceAreas).values([
    { companyId: ortiz!.id, propertyId: propertyIds.willowCreek, addedBy: people.manager },
    { companyId: ortiz!.id, propertyId: propertyIds.harborView, addedBy: people.manager },
    { companyId: loneStar!.id, propertyId: propertyIds.willowCreek, addedBy: people.manager },
  ]);

  const danaId = randomUUID();
  await tx.insert(profiles).values({
    id: danaId,
    email: 'dana@lonestarelectric.example',
    fullName: 'Dana Whitfield',
    role: 'vendor',
  });
  await tx.insert(vendorPeople).values([
    {
      companyId: ortiz!.id,
      userId: people.vendor,
      title: 'Owner and master plumber',
      phone: '(512) 555-0142',
      isPrimary: true,
      addedBy: people.manager,
    },
    {
      companyId: loneStar!.id,
      userId: danaId,
      title: 'Office manager',
      isPrimary: true,
      addedBy: people.manager,
    },
  ]);

  const [certificate] = await tx
    .insert(vendorDocuments)
    .values([
      {
        companyId: ortiz!.id,
        kind: 'insurance',
        insurer: 'Lone Oak Mutual Insurance',
        policyNumber: 'GL-44821',
        generalLiabilityCents: 100_000_000,
        aggregateCents: 200_000_000,
        autoLiabilityCents: 100_000_000,
        workersComp: true,
        effectiveOn: addDays(today, -345),
        expiresOn: addDays(today, 20),
        receivedOn: addDays(today, -340),
        submittedBy: people.vendor,
        ...verified,
      },
      {
        companyId: ortiz!.id,
        kind: 'licence',
        licenceNumber: 'M-40127',
        issuedBy: 'Texas State Board of Plumbing Examiners',
        effectiveOn: addDays(today, -330),
        expiresOn: addDays(today, 400),
        receivedOn: addDays(today, -340),
        submittedBy: people.manager,
        ...verified,
      },
      {
        companyId: ortiz!.id,
        kind: 'w9',
        receivedOn: addDays(today, -340),
        submittedBy: people.manager,
        ...verified,
      },
      {
        companyId: loneStar!.id,
        kind: 'insurance',
        insurer: 'Hill Country Casualty',
        policyNumber: 'HCC-2291',
        generalLiabilityCents: 50_000_000,
        aggregateCents: 100_000_000,
        workersComp: true,
        effectiveOn: addDays(today, -372),
        expiresOn: addDays(today, -7),
        receivedOn: addDays(today, -370),
        submittedBy: people.manager,
        ...verified,
      },
    ])
    .returning({ id: vendorDocuments.id });

  // The certificate itself, as the attachments service keeps files of no association.
  const bytes = await certificatePdf([
    'CERTIFICATE OF LIABILITY INSURANCE',
    'Insured: Ortiz Plumbing & Repair, Austin, TX',
    'Insurer: Lone Oak Mutual Insurance — policy GL-44821',
    'General liability: $1,000,000 each occurrence, $2,000,000 aggregate',
    `Policy period: ${addDays(today, -345)} to ${addDays(today, 20)}`,
  ]);
  const attachmentId = randomUUID();
  const filePath = `attachments/vendors/${attachmentId}/certificate-of-insurance.pdf`;
  await storage.put(filePath, Readable.from([bytes]), 'application/pdf');
  await tx.insert(attachments).values({
    id: attachmentId,
    propertyId: null,
    uploadedBy: people.vendor,
    kind: 'file',
    fileName: 'certificate-of-insurance.pdf',
    mimeType: 'application/pdf',
    sizeBytes: bytes.length,
    filePath,
    vendorDocumentId: certificate!.id,
  });

  await tx
    .update(workOrders)
    .set({ vendorCompanyId: ortiz!.id })
    .where(eq(workOrders.vendorId, people.vendor));

  await seedHillCountryPlumbing(tx, propertyIds.willowCreek, people.manager, today);
  // The documents arrived and were checked on the days they say, not on the day the demo is seeded.
  await tx.execute(sql`update vendor_documents
    set created_at = received_on + time '10:00',
      verified_at = case when verified_at is not null then received_on + time '11:30' end
    where received_on is not null`);
}

/**
 * A second plumbing company serving Willow Creek, so that a request for bids has two companies of the
 * trade to compare (issue 24 items 2 and 8): Hill Country Plumbing, with a current certificate, and its
 * owner Sam Alvarez, who signs in as vendor2@commonwise.test with the demo password.
 */
async function seedHillCountryPlumbing(tx: Db, willowCreek: string, manager: string, today: string) {
  const samId = randomUUID();
  await tx.insert(profiles).values({
    id: samId,
    email: 'vendor2@commonwise.test',
    fullName: 'Sam Alvarez',
    role: 'vendor',
    emailVerified: true,
  });
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: samId,
    providerId: 'credential',
    userId: samId,
    password: await hashPassword(demoPassword),
  });
  const [hillCountry] = await tx
    .insert(vendorCompanies)
    .values({
      name: 'Hill Country Plumbing',
      trades: ['plumbing', 'hvac'],
      phone: '(512) 555-0163',
      email: 'service@hillcountryplumbing.example',
      address: '4410 Burnet Rd, Austin, TX 78756',
      homePropertyId: willowCreek,
      createdBy: manager,
    })
    .returning({ id: vendorCompanies.id });
  await tx
    .insert(vendorServiceAreas)
    .values({ companyId: hillCountry!.id, propertyId: willowCreek, addedBy: manager });
  await tx.insert(vendorPeople).values({
    companyId: hillCountry!.id,
    userId: samId,
    title: 'Owner',
    isPrimary: true,
    addedBy: manager,
  });
  await tx.insert(vendorDocuments).values([
    {
      companyId: hillCountry!.id,
      kind: 'insurance',
      insurer: 'Texas Mutual',
      policyNumber: 'TM-88410',
      generalLiabilityCents: 200_000_000,
      aggregateCents: 400_000_000,
      workersComp: true,
      effectiveOn: addDays(today, -165),
      expiresOn: addDays(today, 200),
      receivedOn: addDays(today, -160),
      submittedBy: manager,
      status: 'verified',
      verifiedBy: manager,
      verifiedAt: new Date(),
    },
    {
      companyId: hillCountry!.id,
      kind: 'w9',
      receivedOn: addDays(today, -160),
      submittedBy: manager,
      status: 'verified',
      verifiedBy: manager,
      verifiedAt: new Date(),
    },
  ]);
}

async function certificatePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 56, y: 730 - index * 22, size: 12, font }));
  return Buffer.from(await pdf.save());
}

import type { JurisdictionProfile, JurisdictionProfilesFile, SourceQuality } from './rules.ts';

/*
 * The jurisdiction profiles (decision 0031). Every value below is taken from HOA-DOMAIN.md §0.5, the
 * state-law table of 2026-11-24, with the statute and the address it gives — nothing else. A cell
 * that says "?" is `unknown`; "per the documents" is `documentDefined`. [M] and [W] values come from
 * secondary sources and must be checked against the official code before they refuse anyone's input
 * in production (HOA-DOMAIN §9); `sourceQuality` says which is which.
 *
 * Changing a value: edit it, its source and `verifiedOn`, raise `version`, set `reviewedOn`, and have
 * the change reviewed like code. `profiles.test.ts` checks the file against its schema.
 */

/** The date of the research the values were read from. */
const researched = '2026-11-24';

const cite =
  (code: string) =>
  (section: string, sourceUrl: string, sourceQuality: SourceQuality, otherSources?: string[]) => ({
    statute: `${code} §${section}`,
    sourceUrl,
    ...(otherSources ? { otherSources } : {}),
    sourceQuality,
    verifiedOn: researched,
  });
const cal = cite('Cal. Civ. Code');
const fla = cite('Fla. Stat.');
const tex = cite('Tex. Prop. Code');

const unknown = (note: string) => ({ unknown: true as const, note });
/** Issue 25: HOA-DOMAIN.md has no research on the developer's hand-over (docs/research/developer-turnover.md). */
const turnoverNotResearched = unknown(
  'Not in our reviewed sources: the state-law research has no turnover threshold or deadline yet. Use the threshold in the association’s governing documents, with its clause.',
);
const notResearched = unknown(
  'Not found in the sources consulted (a "?" in the state-law table): a gap in the evidence, not "no rule".',
);

// The addresses, exactly as HOA-DOMAIN.md §0.5 gives them.
const url = {
  ca5650: 'https://self-law.org/code/ca/civil-code/5650',
  ca5655: 'https://calassoc-hoa.com/homeowners-association/financial-reports-information/accounts-receivable',
  caPreLien: 'https://law.onecle.com/california/civil/division-4/part-5/chapter-8/article-2/index.html',
  caDiamond: 'https://www.davis-stirling.com/HOME/Case-Law/Diamond-v-Sup-Ct',
  ca5605: 'https://self-law.org/code/ca/civil-code/5605',
  caFindHoaLaw: 'https://findhoalaw.com/author/steve/page/78/',
  caAb130: 'https://www.dlawapc.com/hoabrief/ab-130',
  caAb130Epsten: 'https://www.epsten.com/ab-130-effective-immediately-association-fines-capped-at-100/',
  ca5855: 'https://self-law.org/code/ca/civil-code/5855',
  ca5855FindHoaLaw: 'https://findhoalaw.com/notice-hearing-requirements',
  ca4765: 'https://self-law.org/code/ca/civil-code/4765',
  caSolar:
    'https://issuu.com./californiaassociationofcommunitymanagers/docs/fall_2022_law_journal/s/16786863',
  caAb2159: 'https://leginfo.legislature.ca.gov/faces/billTextClient.xhtml?bill_id=202320240AB2159',
  caAb2159ProEi: 'https://pro-ei.com/electronic-voting/ab-2159/',
  ca4040: 'https://self-law.org/code/ca/civil-code/4040',
  ca4040DavisStirling: 'https://www.davis-stirling.com/HOME/N/Notice-Document-Delivery',
  flDelinquent: 'https://commonelementshoa.com/florida/statutes/720/3085',
  flBilling: 'https://www.zorexhoa.com/resources/florida-hoa-billing-collections-estoppel-guide',
  flPayments: 'https://hawkhoahelp.com/blog/delinquent-payment-plans-720-3085',
  flPaymentsAnsbacher:
    'https://www.ansbacher.net/blog/money-now-top-4-pitfalls-common-concerns-handling-payments-owners/',
  flLien: 'https://hoatalk.com/topics/39117/time-to-file-lien-in-florida',
  flFines: 'https://hoatalk.com/topics/149173/the-fining-process',
  flHearing90: 'https://www.hoastream.com/fl-hoa-fines-hearings',
  flArc: 'https://beckerlawyers.com/wrap-up-of-2024-legislative-review-news-press',
  flArcHurricane:
    'https://www.floridacondohoalawblog.com/2024/05/30/homeowner-association-architectural-review-standards-asap/',
  flVoting: 'https://flsenate.gov/Session/Bill/2024/7044/Amendment/295518/HTML',
  flCondoVoting:
    'https://www.eisingerlaw.com/2025/06/hb-913-update-florida-condos-gain-flexibility-in-adopting-online-voting/',
  tx0063: 'https://texas.public.law/statutes/tex._prop._code_section_209.0063',
  tx0064: 'https://texas.public.law/statutes/tex._prop._code_section_209.0064',
  tx006: 'https://texas.public.law/statutes/tex._prop._code_section_209.006',
  tx00505: 'https://www.weblaws.org/texas/statutes/tex._prop._code_section_209.00505',
  tx00592: 'https://texas.public.law/statutes/tex._prop._code_section_209.00592',
  tx00594: 'https://codes.findlaw.com/tx/property-code/prop-sect-209-00594/',
  tx0042: 'https://lexace.ai/us/statute/texas/209.0042',
};

const california: JurisdictionProfile = {
  id: 'CA',
  name: 'California',
  law: 'Davis-Stirling Common Interest Development Act (Cal. Civ. Code §4000 and following)',
  rules: {
    delinquentAfterDays: {
      value: 15,
      ...cal('5650(b)', url.ca5650, 'S'),
      note: 'Unless the declaration says longer.',
    },
    lateFee: {
      value: { cents: 1000, basisPoints: 1000 },
      ...cal('5650(b)', url.ca5650, 'S'),
      note: 'The greater of 10% or $10, or the declaration’s lower amount. The table does not name the amount the 10% is of; the code applies it to the delinquent installment.',
    },
    interestRate: {
      value: 1200,
      ...cal('5650(b)', url.ca5650, 'S'),
      note: 'At most 12% a year, from 30 days after the due date.',
    },
    feesOrInterestOnFines: {
      value: false,
      ...cal('5850', url.caAb130, 'M', [url.caAb130Epsten]),
      note: 'AB 130, effective 2025-07-01.',
    },
    paymentApplicationOrder: {
      value: ['assessments', 'fees', 'costs', 'interest'],
      ...cal('5655', url.ca5655, 'S'),
      note: 'Assessments first, then fees, costs and interest (the order of the last three as the table lists them).',
    },
    preLienNoticeDays: { value: 30, ...cal('5660', url.caPreLien, 'S', [url.caDiamond]) },
    preLienProcedure: {
      value: [
        'A pre-lien notice at least 30 days before the lien (§5660).',
        'The owner may ask for a payment plan (§5665).',
        'The association must offer dispute resolution (§5670).',
        'Only the board decides to record a lien (§5673).',
        'A botched process must start again (§5690).',
      ],
      ...cal('5660–5690', url.caPreLien, 'S', [url.caDiamond]),
      note: 'Strict compliance is required (Diamond v. Superior Court).',
    },
    collectionCureDays: notResearched,
    foreclosureNoticeDays: notResearched,
    specialAssessmentBoardCapBp: {
      value: 500,
      ...cal('5605', url.ca5605, 'S', [url.caFindHoaLaw]),
      note: 'Beyond it, a majority of a quorum (more than 50% of members) must approve; emergencies are excepted (§5610).',
    },
    regularAssessmentIncreaseBoardCapBp: {
      value: 2000,
      ...cal('5605', url.ca5605, 'S', [url.caFindHoaLaw]),
      note: 'Beyond it, a majority of a quorum (more than 50% of members) must approve; emergencies are excepted (§5610).',
    },
    assessmentIncreaseNoticeDays: {
      value: { min: 30, max: 60 },
      ...cal('5615', url.ca5605, 'S', [url.caFindHoaLaw]),
    },
    fineCapPerViolationCents: {
      value: 10_000,
      ...cal('5850', url.caAb130, 'M', [url.caAb130Epsten]),
      note: 'Unless the board makes a written health or safety finding at an open meeting (AB 130, effective 2025-07-01).',
    },
    fineCapAggregateCents: notResearched,
    hearingNoticeDays: {
      value: 10,
      ...cal('5855', url.ca5855, 'S', [url.ca5855FindHoaLaw]),
      note: 'By individual delivery.',
    },
    hearingRequestWindowDays: notResearched,
    hearingHeldWithinDays: notResearched,
    hearingDecisionDays: { value: 15, ...cal('5855', url.ca5855, 'S', [url.ca5855FindHoaLaw]) },
    hearingRules: {
      value: [
        'Notice at least 10 days before, by individual delivery, stating the date, time and place, the violation and the right to attend.',
        'Curing the violation first (or committing money to cure it) bars discipline.',
        'The hearing is held in executive session if the owner asks.',
        'A written decision within 15 days.',
        'Internal dispute resolution if it is still disputed.',
      ],
      ...cal('5855', url.ca5855, 'S', [url.ca5855FindHoaLaw]),
    },
    cureBarsFine: {
      value: true,
      ...cal('5855', url.ca5855, 'S', [url.ca5855FindHoaLaw]),
      note: 'The hearing-rules line “Curing the violation first (or committing money to cure it) bars discipline.”',
    },
    fineCapHealthSafetyException: {
      value: true,
      ...cal('5850', url.caAb130, 'M', [url.caAb130Epsten]),
      note: 'The fine-cap note: “Unless the board makes a written health or safety finding at an open meeting.”',
    },
    arcDecisionDays: {
      documentDefined: true,
      note: 'The documents must state the procedure and the maximum response time.',
      statute: 'Cal. Civ. Code §4765',
      sourceUrl: url.ca4765,
      sourceQuality: 'S',
      verifiedOn: researched,
    },
    arcSolarDeemedApprovedDays: {
      value: 45,
      ...cal('714(e)(2)(B)', url.caSolar, 'M'),
      note: 'Deemed approved if not denied in writing within 45 days. EV chargers have their own clock (§4745), not in the table.',
    },
    arcHearingRequestWindowDays: notResearched,
    arcHearingHeldWithinDays: notResearched,
    arcHearingNoticeDays: notResearched,
    arcRules: {
      value: [
        'The documents state the procedure and the maximum response time.',
        'The decision is in writing.',
        'A denial states its reasons and how to ask for reconsideration.',
        'Reconsideration happens at an open board meeting.',
        'The rules are noticed to members every year.',
      ],
      ...cal('4765', url.ca4765, 'S'),
    },
    electronicVoting: {
      value: [
        'Since 2025-01-01 an election operating rule may allow an electronic secret ballot run by an independent inspector.',
        'Not in elections on regular or special assessments.',
        'Members may switch voting method up to 90 days before the election.',
      ],
      ...cal('5105(i)', url.caAb2159, 'S', [url.caAb2159ProEi]),
      note: 'AB 2159. A device check at least 30 days before the deadline appears only in a bill-version summary [W]: https://fastdemocracy.com/bill-summary/?billsummary_id=CAB00031327&billsummary_session=2023-2024&billsummary_state=ca',
    },
    noticeDelivery: {
      value: [
        'By the member’s preferred method, asked for every year.',
        'A bounced e-mail is resent another way.',
        'General notice may be posted on the website if the annual policy designates it.',
      ],
      ...cal('4040, §4041, §4045', url.ca4040, 'S', [url.ca4040DavisStirling]),
    },
    turnoverThreshold: turnoverNotResearched,
  },
};

const florida720: JurisdictionProfile = {
  id: 'FL-720',
  name: 'Florida — homeowners’ associations',
  law: 'Homeowners’ Associations (Fla. Stat. ch. 720)',
  rules: {
    delinquentAfterDays: {
      documentDefined: true,
      note: 'Delinquent after the grace period in the documents.',
      statute: 'Fla. Stat. §720.3085',
      sourceUrl: url.flDelinquent,
      sourceQuality: 'M',
      verifiedOn: researched,
    },
    lateFee: {
      value: { cents: 2500, basisPoints: 500, onlyIfDocumentsAllow: true },
      statute: 'Fla. Stat. ch. 720',
      sourceUrl: url.flBilling,
      sourceQuality: 'W',
      verifiedOn: researched,
      note: 'The greater of $25 or 5% of the installment, only if the documents allow a late fee. The table gives no section number for it.',
    },
    interestRate: {
      value: 1800,
      statute: 'Fla. Stat. ch. 720',
      sourceUrl: url.flBilling,
      sourceQuality: 'W',
      verifiedOn: researched,
      note: 'At most 18% a year; simple interest only since July 2024. The table gives no section number for it.',
    },
    feesOrInterestOnFines: notResearched,
    paymentApplicationOrder: {
      value: ['interest', 'late fees', 'collection costs and attorney fees', 'assessment'],
      ...fla('720.3085(3)(b)', url.flPayments, 'M', [url.flPaymentsAnsbacher]),
      note: '“Notwithstanding any restrictive endorsement” on the payment.',
    },
    preLienNoticeDays: {
      value: 45,
      ...fla('720.3085(4)', url.flLien, 'M'),
      note: 'A written demand allowing 45 days, sent by certified or registered mail and by first-class mail, before a claim of lien.',
    },
    preLienProcedure: {
      value: [
        'A written demand allowing 45 days, sent by certified or registered mail and by first-class mail, before a claim of lien.',
        '45 days’ notice before foreclosure.',
      ],
      ...fla('720.3085(4)-(5)', url.flLien, 'M'),
      note: 'The source quotes the statute.',
    },
    collectionCureDays: notResearched,
    foreclosureNoticeDays: { value: 45, ...fla('720.3085(5)', url.flLien, 'M') },
    specialAssessmentBoardCapBp: notResearched,
    regularAssessmentIncreaseBoardCapBp: notResearched,
    assessmentIncreaseNoticeDays: notResearched,
    fineCapPerViolationCents: {
      value: 10_000,
      ...fla('720.305', url.flFines, 'M'),
      note: 'The table says "≤$100 per violation, ≤$1,000 aggregate unless the documents allow more"; whether the exception reaches the per-violation cap is not clear from it, so this cap is read strictly until §720.305 is checked.',
    },
    fineCapAggregateCents: {
      value: 100_000,
      ...fla('720.305', url.flFines, 'M'),
      documentsMayLoosen: true,
      note: 'Unless the documents allow more.',
    },
    hearingNoticeDays: {
      value: 14,
      ...fla('720.305(2)', url.flFines, 'M'),
      note: 'The table’s hearing cell cites §720.305(2) [M] without a link of its own; this is its §720.305 link from the fine-cap cell.',
    },
    hearingRequestWindowDays: notResearched,
    hearingHeldWithinDays: {
      value: 90,
      ...fla('720.305(2)', url.flHearing90, 'W'),
      note: 'Within 90 days of the notice, per one vendor page only.',
    },
    hearingDecisionDays: notResearched,
    hearingRules: {
      value: [
        'At least 14 days’ notice.',
        'The hearing is before at least 3 members who are not officers, directors or employees, nor relatives of them.',
        'No fine unless that committee approves it by a majority.',
      ],
      ...fla('720.305(2)', url.flFines, 'M'),
    },
    cureBarsFine: notResearched,
    fineCapHealthSafetyException: notResearched,
    arcDecisionDays: notResearched,
    arcSolarDeemedApprovedDays: notResearched,
    arcHearingRequestWindowDays: notResearched,
    arcHearingHeldWithinDays: notResearched,
    arcHearingNoticeDays: notResearched,
    arcRules: {
      value: [
        'A denial cites the rule or covenant “with specificity”.',
        'No rules on interiors not visible from outside.',
        'No review of non-visible HVAC similar to approved systems.',
        'The association adopts hurricane-protection specifications and approves applications that conform (HB 293).',
      ],
      ...fla('720.3035', url.flArc, 'M', [url.flArcHurricane]),
      note: '2024 amendments.',
    },
    electronicVoting: {
      value: [
        'The member consents electronically or in writing.',
        'The member’s identity is authenticated.',
        'A device check at least 14 days before the deadline.',
        'Votes are authenticated in transit.',
        'The voter gets a receipt.',
        'In board elections the voter’s identity is permanently separated from the ballot.',
      ],
      ...fla('720.317', url.flVoting, 'S'),
      note: 'Read from amendment text: verify the version as enacted.',
    },
    noticeDelivery: notResearched,
    turnoverThreshold: turnoverNotResearched,
  },
};

const condoNote = unknown(
  'Not researched for condominiums: the state-law table cites ch. 720 (HOAs) for Florida, and ch. 718 only for electronic voting.',
);
const florida718: JurisdictionProfile = {
  id: 'FL-718',
  name: 'Florida — condominiums',
  law: 'Condominiums (Fla. Stat. ch. 718)',
  rules: {
    delinquentAfterDays: condoNote,
    lateFee: condoNote,
    interestRate: condoNote,
    feesOrInterestOnFines: condoNote,
    paymentApplicationOrder: condoNote,
    preLienNoticeDays: condoNote,
    preLienProcedure: condoNote,
    collectionCureDays: condoNote,
    foreclosureNoticeDays: condoNote,
    specialAssessmentBoardCapBp: condoNote,
    regularAssessmentIncreaseBoardCapBp: condoNote,
    assessmentIncreaseNoticeDays: condoNote,
    fineCapPerViolationCents: condoNote,
    fineCapAggregateCents: condoNote,
    hearingNoticeDays: condoNote,
    hearingRequestWindowDays: condoNote,
    hearingHeldWithinDays: condoNote,
    hearingDecisionDays: condoNote,
    hearingRules: condoNote,
    cureBarsFine: condoNote,
    fineCapHealthSafetyException: condoNote,
    arcDecisionDays: condoNote,
    arcSolarDeemedApprovedDays: condoNote,
    arcHearingRequestWindowDays: condoNote,
    arcHearingHeldWithinDays: condoNote,
    arcHearingNoticeDays: condoNote,
    arcRules: condoNote,
    electronicVoting: {
      value: [
        'The board may adopt online voting by resolution, without 14 days’ notice (HB 913, 2025).',
        'HB 913 adds an e-mail ballot path.',
      ],
      ...fla('718.128', url.flCondoVoting, 'M'),
      note: 'Only what the table says about HB 913; the rest of §718.128’s conditions were not researched.',
    },
    noticeDelivery: condoNote,
    turnoverThreshold: turnoverNotResearched,
  },
};

const texas: JurisdictionProfile = {
  id: 'TX',
  name: 'Texas',
  law: 'Texas Residential Property Owners Protection Act (Tex. Prop. Code ch. 209)',
  rules: {
    delinquentAfterDays: { documentDefined: true, note: 'Per the documents.' },
    lateFee: notResearched,
    interestRate: notResearched,
    feesOrInterestOnFines: notResearched,
    paymentApplicationOrder: {
      value: [
        'delinquent assessment',
        'current assessment',
        'attorney and collection fees for assessments',
        'other attorney fees',
        'fines',
        'other amounts',
      ],
      ...tex('209.0063', url.tx0063, 'S'),
      note: 'If the owner defaults on a payment plan the order is free, but fines may not come first.',
    },
    preLienNoticeDays: notResearched,
    preLienProcedure: {
      value: [
        'A certified-mail notice listing the amounts and any payment-plan option, with at least 45 days to cure, before the owner owes collection-agent fees.',
      ],
      ...tex('209.0064', url.tx0064, 'S'),
    },
    collectionCureDays: {
      value: 45,
      ...tex('209.0064', url.tx0064, 'S'),
      note: 'Notice by certified mail.',
    },
    foreclosureNoticeDays: notResearched,
    specialAssessmentBoardCapBp: notResearched,
    regularAssessmentIncreaseBoardCapBp: notResearched,
    assessmentIncreaseNoticeDays: notResearched,
    fineCapPerViolationCents: unknown(
      'Not found in the sources consulted ("?"); a notice is required before a fine.',
    ),
    fineCapAggregateCents: notResearched,
    hearingNoticeDays: notResearched,
    hearingRequestWindowDays: {
      value: 30,
      ...tex('209.007', url.tx006, 'S'),
      note: 'The table links §209.006’s page for both sections.',
    },
    hearingHeldWithinDays: notResearched,
    hearingDecisionDays: notResearched,
    hearingRules: {
      value: [
        'Notice by certified or verified mail describing the violation and the amount.',
        'A reasonable date to cure, if the violation is curable and not a threat to safety.',
        'The right to request a hearing within 30 days (§209.007).',
        'The military-service (SCRA) notice (§209.006).',
      ],
      ...tex('209.006', url.tx006, 'S'),
    },
    cureBarsFine: notResearched,
    fineCapHealthSafetyException: notResearched,
    arcDecisionDays: notResearched,
    arcSolarDeemedApprovedDays: notResearched,
    arcHearingRequestWindowDays: {
      value: 30,
      ...tex('209.00505', url.tx00505, 'S'),
      note: 'The table lists it under associations of more than 40 lots.',
    },
    arcHearingHeldWithinDays: {
      value: 30,
      ...tex('209.00505', url.tx00505, 'S'),
      note: 'The table lists it under associations of more than 40 lots.',
    },
    arcHearingNoticeDays: {
      value: 10,
      ...tex('209.00505', url.tx00505, 'S'),
      note: 'The table lists it under associations of more than 40 lots.',
    },
    arcRules: {
      value: [
        'In associations of more than 40 lots, committee members may not be board members, their spouses or household.',
        'A denial goes by certified mail, by hand or by e-mail, with its basis and the changes needed.',
        'The owner may request a board hearing within 30 days.',
        'The hearing is held within 30 days, with at least 10 days’ notice.',
      ],
      ...tex('209.00505', url.tx00505, 'S'),
    },
    electronicVoting: {
      value: [
        'Owners may vote in person or by proxy, by absentee ballot, by electronic ballot, or by delegate.',
        'An absentee or proxy vote must always be possible.',
        'Absentee and electronic ballots count for quorum only on the items they carry.',
        'Voting in person supersedes them; an amended motion voids them.',
        'Candidates and their relatives may not tabulate or see ballots; tabulators may not disclose votes (§209.00594).',
      ],
      ...tex('209.00592', url.tx00592, 'S', [url.tx00594]),
    },
    noticeDelivery: {
      value: [
        'An alternative method (e.g. e-mail) may be used for legally prescribed notices only if the owner opted in.',
        'Opting in cannot be required.',
      ],
      ...tex('209.0042', url.tx0042, 'S'),
    },
    turnoverThreshold: turnoverNotResearched,
  },
};

const noProfile = unknown(
  'No state profile chosen: no statutory value is known or checked; the association’s own documents apply.',
);
const none: JurisdictionProfile = {
  id: 'none',
  name: 'None / not listed',
  law: 'No state profile: the association’s own documents only',
  rules: Object.fromEntries(
    Object.keys(california.rules).map((key) => [key, noProfile]),
  ) as JurisdictionProfile['rules'],
};

export const jurisdictionProfilesFile: JurisdictionProfilesFile = {
  version: 1,
  reviewedOn: '2026-11-24',
  source:
    'HOA-DOMAIN.md §0.5 (state-law table, 2026-11-24); statute text not yet checked for [M] and [W] values',
  profiles: { CA: california, 'FL-720': florida720, 'FL-718': florida718, TX: texas, none },
};

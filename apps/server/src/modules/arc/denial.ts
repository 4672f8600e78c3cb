import { isKnownRule, ruleOf, type ArcDenialRequirements, type JurisdictionId } from '@commonwise/contracts';

/**
 * What a denial must contain where the association is (issue 22 item 3), from the reviewed
 * jurisdiction file: every denial states its reasons, the rule relied on and how to ask for
 * reconsideration or a hearing; Texas also wants the changes that would make the project approvable.
 * `appealSuggestion` is a starting text for the committee, built only from recorded numbers and
 * statutes; where the file records none, it says to ask the association. The server sends it with a
 * request to its reviewers, and checks a denial against it.
 */
export function arcDenialRequirements(jurisdiction: JurisdictionId): ArcDenialRequirements {
  const arcRules = ruleOf(jurisdiction, 'arcRules');
  const statute = isKnownRule(arcRules) ? arcRules.statute : null;
  const rules = isKnownRule(arcRules) ? [...arcRules.value] : [];
  const window = ruleOf(jurisdiction, 'arcHearingRequestWindowDays');
  const within = ruleOf(jurisdiction, 'arcHearingHeldWithinDays');
  const notice = ruleOf(jurisdiction, 'arcHearingNoticeDays');
  if (jurisdiction === 'TX' && isKnownRule(window)) {
    const held =
      isKnownRule(within) && isKnownRule(notice)
        ? ` The hearing is held within ${within.value} days of your request, with at least ${notice.value} days’ notice.`
        : '';
    return {
      changesNeeded: true,
      appealSuggestion: `You may request a hearing before the board within ${window.value} days of this letter (${window.statute}). Write to the association to ask for it.${held}`,
      statute,
      rules,
    };
  }
  if (jurisdiction === 'CA')
    return {
      changesNeeded: false,
      appealSuggestion: `You may ask for this decision to be reconsidered at an open meeting of the board${statute ? ` (${statute})` : ''}. Write to the association to ask for it.`,
      statute,
      rules,
    };
  return {
    changesNeeded: false,
    appealSuggestion:
      'You may ask the board to reconsider this decision. Write to the association to ask for it, saying what you would like it to look at again.',
    statute,
    rules,
  };
}

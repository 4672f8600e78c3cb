ALTER TABLE "violations" DROP CONSTRAINT "violations_source_check";--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "rules_cited" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "changes_needed" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "appeal" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "more_information_note" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "completion_note" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "inspection_note" text;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_source_check" CHECK ("violations"."source" in ('inspection', 'complaint', 'arc_inspection'));--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_denial_check" CHECK ("arc_requests"."decision" is distinct from 'deny' or (length(trim(coalesce("arc_requests"."rules_cited", ''))) > 0 and length(trim(coalesce("arc_requests"."appeal", ''))) > 0));--> statement-breakpoint
-- The installation's default architectural decision letter (issue 22, decision 0061), used by every
-- association until it publishes its own version of the key. {{decision.text}} is the decision as the
-- committee recorded it: the outcome, its conditions, or a denial's reasons, the rule relied on, the
-- changes needed and how to ask for reconsideration or a hearing.
INSERT INTO letter_templates (property_id, key, version, kind, title, body, requires_approval)
VALUES (NULL, 'arc-decision', 1, 'notice', 'Architectural review decision, unit {{unit.label}}', $body$Dear {{owner.name}},

{{decision.text}}

Sincerely,

{{sender.name}}
{{association.name}}$body$, false);

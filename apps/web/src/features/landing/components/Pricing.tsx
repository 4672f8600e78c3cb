import { IconCheck } from '@tabler/icons-react';
import { pricing } from '../content.ts';
import { formatDollars, yearlySaving } from '../savings.ts';
import { SavingsCalculator } from './SavingsCalculator.tsx';
import classes from './Pricing.module.css';
import ui from './ui.module.css';

// SPEC §9's published examples; savings.ts reproduces them from one stated assumption.
const exampleUnits = [50, 200, 600];

export function Pricing({ companyName }: { companyName: string }) {
  return (
    <section id="pricing" className={ui.section} aria-labelledby="pricing-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={ui.title}>
            Costs 40–60% lower, all-inclusive
          </h2>
          <p className={ui.lead}>One fee per unit per month covers everything below. No hidden fees.</p>
        </div>

        <div className={classes.plans}>
          <article className={classes.plan} aria-labelledby="plan-traditional">
            <h3 id="plan-traditional" className={classes.planName}>
              {pricing.traditional.name}
            </h3>
            <p className={classes.price}>
              <span className={classes.amount}>{pricing.traditional.range}</span> {pricing.traditional.unit}
            </p>
            <p className={classes.planNote}>
              Typical management fees, before extra charges for meetings, letters and after-hours calls.
            </p>
          </article>
          <article className={classes.plan} data-ours aria-labelledby="plan-ours">
            <h3 id="plan-ours" className={classes.planName}>
              {companyName}
            </h3>
            <p className={classes.price}>
              <span className={classes.amount}>{pricing.ours.range}</span> {pricing.ours.unit}
            </p>
            <ul className={classes.included}>
              {pricing.included.map((item) => (
                <li key={item}>
                  <IconCheck size={18} aria-hidden className={classes.check} />
                  {item}
                </li>
              ))}
            </ul>
          </article>
        </div>

        <h3 className={classes.examplesTitle}>What a community saves in a year</h3>
        <ul className={classes.examples}>
          {exampleUnits.map((units) => (
            <li key={units} className={classes.example}>
              <span className={classes.exampleAmount}>{formatDollars(yearlySaving(units))}</span>
              <span className={classes.exampleLabel}>per year for {units} units</span>
            </li>
          ))}
        </ul>

        <SavingsCalculator companyName={companyName} />
      </div>
    </section>
  );
}

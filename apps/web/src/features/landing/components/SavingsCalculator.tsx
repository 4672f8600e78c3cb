import { useState } from 'react';
import {
  assumedFees,
  formatDollars,
  maxUnits,
  minUnits,
  parseUnits,
  savingPerUnitPerMonth,
  yearlySaving,
} from '../savings.ts';
import classes from './SavingsCalculator.module.css';

const presets = [50, 200, 600];

export function SavingsCalculator({ companyName }: { companyName: string }) {
  const [text, setText] = useState('200');
  const units = parseUnits(text);

  return (
    <form
      className={classes.calculator}
      aria-labelledby="calculator-title"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={classes.inputs}>
        <h3 id="calculator-title" className={classes.title}>
          Savings calculator
        </h3>
        <label htmlFor="calculator-units" className={classes.label}>
          Number of units
        </label>
        <input
          id="calculator-units"
          className={classes.input}
          type="number"
          inputMode="numeric"
          min={minUnits}
          max={maxUnits}
          step={1}
          value={text}
          aria-invalid={units === null}
          aria-describedby="calculator-assumption"
          onChange={(event) => setText(event.target.value)}
        />
        <div className={classes.presets} role="group" aria-label="Example community sizes">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className={classes.preset}
              aria-pressed={units === preset}
              onClick={() => setText(String(preset))}
            >
              {preset} units
            </button>
          ))}
        </div>
      </div>
      <div className={classes.result}>
        <output htmlFor="calculator-units" className={classes.output} aria-live="polite">
          {units === null ? (
            <span className={classes.invalid}>
              Enter a whole number of units from {minUnits} to {maxUnits.toLocaleString('en-US')}.
            </span>
          ) : (
            <>
              <span className={classes.outputLabel}>Estimated yearly saving</span>
              <span className={classes.amount}>{formatDollars(yearlySaving(units))}</span>
            </>
          )}
        </output>
        <p id="calculator-assumption" className={classes.assumption}>
          {`Assumes you save $${savingPerUnitPerMonth} per unit per month: a typical traditional fee of $${assumedFees.traditional} compared with $${assumedFees.ours} with ${companyName}, both within the ranges above. Yearly saving = units × $${savingPerUnitPerMonth} × 12 months. Your own quote depends on your community.`}
        </p>
      </div>
    </form>
  );
}

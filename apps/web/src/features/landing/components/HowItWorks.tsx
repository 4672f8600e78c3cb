import { IconCheck, IconX } from '@tabler/icons-react';
import { approaches } from '../content.ts';
import classes from './HowItWorks.module.css';
import ui from './ui.module.css';

export function HowItWorks({ companyName }: { companyName: string }) {
  return (
    <section id="how-it-works" className={ui.section} aria-labelledby="how-it-works-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>How It Works</p>
          <h2 id="how-it-works-title" className={ui.title}>
            Three ways to run an association
          </h2>
          <p className={ui.lead}>
            Most communities choose between an expensive management company and overworked volunteers.{' '}
            {companyName} is a third way: AI does the everyday work, and people oversee it.
          </p>
        </div>
        <ul className={classes.grid}>
          {approaches.map((approach) => (
            <li key={approach.name} className={classes.card} data-ours={approach.isOurs || undefined}>
              {approach.isOurs ? <p className={classes.badge}>{companyName}</p> : null}
              <h3 className={classes.name}>{approach.name}</h3>
              <p className={classes.summary}>{approach.summary}</p>
              <ul className={classes.points}>
                {approach.points.map((point) => (
                  <li key={point.text} className={classes.point}>
                    {point.isStrength ? (
                      <IconCheck size={18} aria-hidden className={classes.good} />
                    ) : (
                      <IconX size={18} aria-hidden className={classes.bad} />
                    )}
                    <span>
                      <span className={ui.visuallyHidden}>
                        {point.isStrength ? 'Strength: ' : 'Drawback: '}
                      </span>
                      {point.text}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

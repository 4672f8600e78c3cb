import { founders, type Founder } from '../content.ts';
import ceoPortrait from '../assets/portrait-ceo.svg?no-inline';
import cooPortrait from '../assets/portrait-coo.svg?no-inline';
import classes from './Team.module.css';
import ui from './ui.module.css';

// Illustrations drawn for this project (assets/), kept as files so they load lazily and are cached.
const portraits: Record<Founder['portrait'], string> = { ceo: ceoPortrait, coo: cooPortrait };

export function Team({ companyName }: { companyName: string }) {
  return (
    <section id="team" className={`${ui.section} ${ui.sectionAlt}`} aria-labelledby="team-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>About Us</p>
          <h2 id="team-title" className={ui.title}>
            Our Team
          </h2>
          <p className={ui.lead}>
            {companyName} was founded by a software builder and a community manager who both saw the same
            problem from different sides.
          </p>
        </div>
        <ul className={classes.grid}>
          {founders.map((founder) => (
            <li key={founder.name} className={classes.card}>
              <img
                src={portraits[founder.portrait]}
                alt={`Illustrated portrait of ${founder.name}`}
                width={160}
                height={160}
                loading="lazy"
                decoding="async"
                className={classes.portrait}
              />
              <div className={classes.body}>
                <h3 className={classes.name}>{founder.name}</h3>
                <p className={classes.title}>{founder.title}</p>
                <p className={classes.background}>{founder.background}</p>
                <blockquote className={classes.quote}>
                  <p>“{founder.quote}”</p>
                </blockquote>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

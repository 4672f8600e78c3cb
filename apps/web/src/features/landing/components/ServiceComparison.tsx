import { comparisonRows } from '../content.ts';
import classes from './ServiceComparison.module.css';
import ui from './ui.module.css';

export function ServiceComparison({ companyName }: { companyName: string }) {
  return (
    <section id="services" className={`${ui.section} ${ui.sectionAlt}`} aria-labelledby="services-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Services</p>
          <h2 id="services-title" className={ui.title}>
            Service Comparison
          </h2>
          <p className={ui.lead}>
            Everything a management company does, done faster, with a person accountable for every decision.
          </p>
        </div>
        <div className={classes.frame}>
          {/* Under 768px each row becomes a small card (see the CSS). The explicit roles keep the table
              a table for screen readers in browsers that drop its semantics once `display` changes. */}
          <table className={classes.table} role="table">
            <caption className={ui.visuallyHidden}>
              Traditional management compared with {companyName}
            </caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Service
                </th>
                <th scope="col" role="columnheader">
                  Traditional management
                </th>
                <th scope="col" role="columnheader" className={classes.ours}>
                  {companyName}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {comparisonRows.map((row) => (
                <tr key={row.service} role="row">
                  <th scope="row" role="rowheader">
                    {row.service}
                  </th>
                  <td role="cell" data-label="Traditional">
                    {row.traditional}
                  </td>
                  <td role="cell" data-label={companyName} className={classes.ours}>
                    {row.ours}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

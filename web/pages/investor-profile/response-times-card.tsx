import Card from 'react-bootstrap/Card';
import type { InvestorProfile } from '../../../shared/api/directory';
import { responseTimesLines, responseTimesSource } from '../../../shared/pipeline/response-times';

/**
 * How fast the investor answers founders (issue 52): shown only once at least ten founders who
 * share their pipeline's dates contributed; totals only, never who.
 */
export function ResponseTimesCard({ profile }: { profile: InvestorProfile }) {
  const times = profile.responseTimes;
  if (!times) return null;
  const lines = responseTimesLines(times);
  if (lines.length === 0) return null;
  return (
    <Card className="shadow-sm mt-4" as="section" aria-labelledby="response-times-heading">
      <Card.Body>
        <h2 className="h6" id="response-times-heading">
          How fast they answer
        </h2>
        <ul className="mb-2" data-testid="response-times">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-0">{responseTimesSource(times)}.</p>
      </Card.Body>
    </Card>
  );
}

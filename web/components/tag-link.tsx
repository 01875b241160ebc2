import { Link } from 'react-router-dom';
import { tagLabel } from '../../shared/tags/display';
import { paths } from '../config/paths';

export type TagField = 'stageFocus' | 'sectorFocus';

/**
 * A stage or sector tag that leads to a search by that value, shown in display case ("Series A");
 * `count` is shown when given.
 */
export function TagLink({
  field,
  tag,
  count,
  highlighted = false,
}: {
  field: TagField;
  tag: string;
  count?: number;
  highlighted?: boolean;
}) {
  const kind = field === 'stageFocus' ? 'tag-stage' : 'tag-sector';
  return (
    <Link
      to={paths.investorSearch.href({ [field]: tag })}
      className={`tag ${kind}${highlighted ? ' tag-active' : ''}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      {tagLabel(tag)}
      {count !== undefined ? <span className="ms-1">({count.toLocaleString('en-US')})</span> : null}
    </Link>
  );
}

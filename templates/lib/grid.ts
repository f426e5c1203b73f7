// How many columns a grid of cards uses on wide screens, so that no card is
// left alone on the last row: threes, unless that leaves one over and fours do
// not (4, 7, 8, 10 cards go in fours). Two columns on tablets, where the
// stylesheet lets an odd last card span the row.

export function columns(count: number): 'c1' | 'c2' | 'c3' | 'c4' {
  if (count <= 1) return 'c1';
  if (count === 2) return 'c2';
  if (count % 4 === 0) return 'c4';
  return count % 3 === 1 && count % 4 !== 1 ? 'c4' : 'c3';
}

/** A small cache: the most recently used answers, at most `size`. */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}
  clear(): void {
    this.entries.clear();
  }
  get(key: string, make: () => V): V {
    const held = this.entries.get(key);
    if (held !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}

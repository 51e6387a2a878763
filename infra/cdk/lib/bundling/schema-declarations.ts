import type ts from 'typescript';

type TypeScript = typeof ts;

/**
 * Which top-level declarations of one of our modules build a zod schema and nothing else, read from its syntax alone
 * (pure-schema-declarations.ts marks those pure so esbuild drops the ones a function never references).
 *
 * A declaration qualifies when it is `const name = <schema expression>` where a schema expression is:
 * - a call of one of zod's schema or check builders on the module's zod namespace (`z.object(…)`, `z.iso.date(…)`,
 *   `z.coerce.number()`), or an identifier that is itself a schema: another qualifying declaration of the module, or
 *   an import that the plugin shows is one (`roots`: the plugin checks the module it comes from, by the same rule);
 * - followed by any chain of zod's schema methods (`.extend(…)`, `.optional()`, `.refine(fn)`…);
 * - with arguments that run nothing when evaluated: literals, identifiers, property reads, object and array literals,
 *   operators, functions (zod calls a refinement, transform, default or preprocess function when it parses, never
 *   when it builds; `z.lazy`'s function is the exception, so its body must be one of these expressions too), and
 *   schema expressions; a call or `new` of anything else (`Object.keys(x)`, a helper) disqualifies it.
 * Whatever zod does when it builds a schema has no effect another module could see: the schema is a new object, and
 * the first one built sets zod's default locale and memoizer only if none is set (classic/schemas.js,
 * `_ensureDefaultLocale`), so dropping one changes nothing but when that happens. Methods and builders that do have
 * effects are not in the lists (see NOT_PURE).
 */

/** zod v4 classic's functions (zod/v4/classic/{schemas,checks}.js) that build a schema or a check, and only that. */
const ZOD_BUILDERS = new Set([
  // schemas.js
  ...['string', 'email', 'guid', 'uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'url', 'httpUrl', 'emoji', 'nanoid', 'cuid'],
  ...['cuid2', 'ulid', 'xid', 'ksuid', 'ipv4', 'mac', 'ipv6', 'cidrv4', 'cidrv6', 'base64', 'base64url', 'e164'],
  ...['creditCard', 'iban', 'jwt', 'stringFormat', 'hostname', 'hex', 'currencyCode', 'hash', 'number', 'int'],
  ...['float32', 'float64', 'int32', 'uint32', 'boolean', 'bigint', 'int64', 'uint64', 'symbol', 'undefined', 'null'],
  ...['any', 'unknown', 'never', 'void', 'date', 'array', 'keyof', 'object', 'strictObject', 'looseObject', 'union'],
  ...['xor', 'discriminatedUnion', 'intersection', 'tuple', 'record', 'partialRecord', 'looseRecord', 'map', 'set'],
  ...['enum', 'nativeEnum', 'literal', 'file', 'transform', 'optional', 'exactOptional', 'nullable', 'nullish'],
  ...['prefault', 'nonoptional', 'success', 'nan', 'pipe', 'codec', 'invertCodec', 'readonly', 'templateLiteral'],
  ...['lazy', 'promise', 'function', 'check', 'custom', 'refine', 'superRefine', 'describe', 'instanceof'],
  ...['stringbool', 'json', 'preprocess', 'catch'],
  // checks.js: what `.check(…)` takes
  ...['lt', 'lte', 'gt', 'gte', 'positive', 'negative', 'nonpositive', 'nonnegative', 'multipleOf', 'maxSize'],
  ...['minSize', 'size', 'maxLength', 'minLength', 'length', 'regex', 'lowercase', 'uppercase', 'includes'],
  ...['startsWith', 'endsWith', 'property', 'mime', 'overwrite', 'normalize', 'trim', 'toLowerCase', 'toUpperCase'],
  'slugify',
]);

/** zod's namespaces of builders: `z.iso.datetime()`, `z.coerce.number()`. */
const ZOD_BUILDER_NAMESPACES: Readonly<Record<string, ReadonlySet<string>>> = {
  iso: new Set(['datetime', 'date', 'time', 'duration']),
  coerce: new Set(['string', 'number', 'boolean', 'bigint', 'date']),
};

/**
 * The methods of zod v4's classic schemas (zod/v4/classic/schemas.js) that return a new schema and run nothing else.
 * `describe` is here although it writes zod's global registry: it adds the new clone under a WeakMap key with no id
 * (`{ description }`), which only that clone can read back, so a clone never built is never missed.
 */
const SCHEMA_METHODS = new Set([
  ...['and', 'array', 'base64', 'base64url', 'brand', 'catch', 'catchall', 'check', 'cidrv4', 'cidrv6', 'clone'],
  ...['cuid', 'cuid2', 'date', 'datetime', 'default', 'describe', 'duration', 'e164', 'email', 'emoji', 'endsWith'],
  ...['exactOptional', 'exactPartial', 'exclude', 'extend', 'extract', 'finite', 'gt', 'gte', 'guid', 'includes'],
  ...['int', 'ipv4', 'ipv6', 'jwt', 'keyof', 'ksuid', 'length', 'loose', 'lowercase', 'lt', 'lte', 'max', 'merge'],
  ...['min', 'multipleOf', 'nanoid', 'negative', 'nonempty', 'nonnegative', 'nonoptional', 'nonpositive'],
  ...['normalize', 'nullable', 'nullish', 'omit', 'optional', 'or', 'overwrite', 'partial', 'passthrough', 'pick'],
  ...['pipe', 'positive', 'prefault', 'properties', 'readonly', 'refine', 'regex', 'removeCatch', 'removeDefault'],
  'required',
  ...['rest', 'safe', 'safeExtend', 'size', 'slugify', 'startsWith', 'step', 'strict', 'strip', 'superRefine'],
  ...['time', 'toLowerCase', 'toUpperCase', 'transform', 'trim', 'ulid', 'unwrap', 'uppercase', 'url', 'uuid'],
  ...['uuidv4', 'uuidv6', 'uuidv7', 'with', 'xid'],
]);

/**
 * What zod offers that has an effect when called, or runs our code: a declaration using any of these is never marked
 * (the reasons are what `explain` answers; tests/unit/infra/cdk/lib/bundling/pure-schema-declarations.test.ts keeps
 * each one).
 */
export const NOT_PURE: Readonly<Record<string, string>> = {
  register: '.register(registry) adds the schema to a registry that may be listed (its id map, toJSONSchema)',
  meta: ".meta(…) adds the schema to zod's global registry; with an id, z.toJSONSchema(z.globalRegistry) lists it",
  globalRegistry: "z.globalRegistry is zod's shared registry",
  registry: 'z.registry() is a registry, not a schema',
  config: "z.config(…) sets zod's global configuration",
  parse: 'parsing runs refinements, transforms and defaults: our code',
  safeParse: 'parsing runs refinements, transforms and defaults: our code',
  parseAsync: 'parsing runs refinements, transforms and defaults: our code',
  safeParseAsync: 'parsing runs refinements, transforms and defaults: our code',
  decode: 'decoding runs refinements and transforms: our code',
  encode: 'encoding runs refinements and transforms: our code',
  isOptional: '.isOptional() parses undefined: runs refinements and transforms',
  isNullable: '.isNullable() parses null: runs refinements and transforms',
  apply: '.apply(fn) calls fn now',
  toJSONSchema: 'a JSON Schema, not a schema; reads the global registry',
};

const ZOD_MODULES = new Set(['zod', 'zod/v4']);

/** The lists the rule decides by, as data (the twin rebuilds its cached bundles when they change). */
export const SCHEMA_DECLARATION_RULE = {
  builders: [...ZOD_BUILDERS],
  namespaces: Object.fromEntries(Object.entries(ZOD_BUILDER_NAMESPACES).map(([name, set]) => [name, [...set]])),
  methods: [...SCHEMA_METHODS],
  notPure: Object.keys(NOT_PURE),
  zodModules: [...ZOD_MODULES],
};

/** A top-level declaration that is a schema if every identifier in `roots` is one. */
export interface SchemaDeclaration {
  name: string;
  /** The initializer's span in the source: what the plugin wraps. */
  start: number;
  end: number;
  /** Identifiers the chains start from (not the zod namespace): each must be a schema for this one to be. */
  roots: string[];
}

export interface ModuleSchemaFacts {
  /** Top-level `const`s whose initializer is a schema expression, given their roots (by name). */
  declarations: Map<string, SchemaDeclaration>;
  /** Why each other top-level `const` with an initializer is not one (for `explain`). */
  rejected: Map<string, string>;
  /** Named value imports: local name → where from. */
  imports: Map<string, { specifier: string; name: string }>;
  /** Exported name → local name (`export const X`, `export { X as Y }`). */
  exports: Map<string, string>;
  /** Exported name → where it comes from (`export { X } from './m'`). */
  reExports: Map<string, { specifier: string; name: string }>;
  /** `export * from './m'`. */
  starExports: string[];
}

class NotPure extends Error {}

/** What a schema expression needs: the identifiers it starts from, which must be schemas. */
type Roots = Set<string>;

/** A top-level function returning a schema expression, whose parameters it only reads as values. */
interface SchemaFactory {
  node: ts.ArrowFunction | ts.FunctionDeclaration;
  params: Set<string>;
  /** Its roots once read; a NotPure when it is not a factory; 'reading' while it is read. */
  read?: Roots | NotPure | 'reading';
}

/** What one module declares, from its text alone. */
export function moduleSchemaFacts(typescript: typeof ts, fileName: string, source: string): ModuleSchemaFacts {
  return new ModuleReader(
    typescript,
    typescript.createSourceFile(fileName, source, typescript.ScriptTarget.Latest),
  ).read();
}

class ModuleReader {
  private readonly facts: ModuleSchemaFacts = {
    declarations: new Map(),
    rejected: new Map(),
    imports: new Map(),
    exports: new Map(),
    reExports: new Map(),
    starExports: [],
  };
  private readonly zodNamespaces = new Set<string>();
  private readonly factories = new Map<string, SchemaFactory>();

  constructor(
    private readonly ts: TypeScript,
    private readonly sourceFile: ts.SourceFile,
  ) {}

  read(): ModuleSchemaFacts {
    const statements = this.sourceFile.statements;
    for (const statement of statements) this.readModuleInterface(statement);
    for (const statement of statements) this.readFactories(statement);
    for (const statement of statements) {
      if (this.isConstStatement(statement)) this.readDeclarations(statement);
    }
    return this.facts;
  }

  private readModuleInterface(statement: ts.Statement): void {
    const { ts, facts } = this;
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) return;
      const specifier = statement.moduleSpecifier.text;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        if (ZOD_MODULES.has(specifier)) this.zodNamespaces.add(bindings.name.text);
      } else if (bindings) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const imported = (element.propertyName ?? element.name).text;
          if (ZOD_MODULES.has(specifier) && imported === 'z') this.zodNamespaces.add(element.name.text);
          else facts.imports.set(element.name.text, { specifier, name: imported });
        }
      }
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (from) facts.starExports.push(from);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          if (from) facts.reExports.set(element.name.text, { specifier: from, name: local });
          else facts.exports.set(element.name.text, local);
        }
      }
    }
  }

  /** `function f(…) { return … }` and `const f = (…) => …`: maybe factories, read when a declaration calls one. */
  private readFactories(statement: ts.Statement): void {
    const { ts } = this;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      this.factories.set(statement.name.text, this.factory(statement));
    } else if (this.isConstStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const initializer = declaration.initializer && this.unwrapped(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && initializer && ts.isArrowFunction(initializer)) {
          this.factories.set(declaration.name.text, this.factory(initializer));
        }
      }
    }
  }

  private readDeclarations(statement: ts.VariableStatement): void {
    const { ts, facts } = this;
    const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const name = declaration.name.text;
      if (exported) facts.exports.set(name, name);
      const roots: Roots = new Set();
      try {
        this.schemaExpression(declaration.initializer, roots, new Set());
        facts.declarations.set(name, {
          name,
          start: declaration.initializer.getStart(this.sourceFile),
          end: declaration.initializer.getEnd(),
          roots: [...roots],
        });
      } catch (error) {
        if (!(error instanceof NotPure)) throw error;
        facts.rejected.set(name, error.message);
      }
    }
  }

  private isConstStatement(statement: ts.Statement): statement is ts.VariableStatement {
    const { ts } = this;
    return ts.isVariableStatement(statement) && (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
  }

  private factory(node: ts.ArrowFunction | ts.FunctionDeclaration): SchemaFactory {
    const params = new Set<string>();
    for (const parameter of node.parameters) {
      if (this.ts.isIdentifier(parameter.name)) params.add(parameter.name.text);
    }
    return { node, params };
  }

  /** The expression a function body only returns (`=> expr`, `{ return expr; }`), if that is all it does. */
  private onlyReturned(body: ts.ConciseBody): ts.Expression | undefined {
    if (!this.ts.isBlock(body)) return body;
    const [statement, ...rest] = body.statements;
    return statement && rest.length === 0 && this.ts.isReturnStatement(statement) ? statement.expression : undefined;
  }

  /** The roots of a factory's call, or NotPure: its parameters are plain identifiers, read, never chained on. */
  private factoryRoots(name: string): Roots {
    const found = this.factories.get(name)!;
    if (found.read === 'reading') throw new NotPure(`${name} calls itself`);
    if (!found.read) {
      found.read = 'reading';
      try {
        found.read = this.readFactory(name, found);
      } catch (error) {
        if (!(error instanceof NotPure)) throw error;
        found.read = new NotPure(`${name}(): ${error.message}`);
      }
    }
    if (found.read instanceof NotPure) throw found.read;
    return found.read;
  }

  private readFactory(name: string, { node, params }: SchemaFactory): Roots {
    const returned = node.body && this.onlyReturned(node.body);
    if (!returned) throw new NotPure(`${name} does more than return an expression`);
    for (const parameter of node.parameters) {
      if (!this.ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) {
        throw new NotPure(`${name} takes a destructured or rest parameter`);
      }
      if (parameter.initializer) this.value(parameter.initializer, new Set(), params);
    }
    const roots: Roots = new Set();
    this.schemaExpression(returned, roots, params);
    return roots;
  }

  /**
   * Throws NotPure unless `node` is a schema expression; collects the identifiers it starts from. `params`: the
   * parameters of the factory being read, which may be read as values but never be roots.
   */
  private schemaExpression(node: ts.Expression, roots: Roots, params: ReadonlySet<string>): void {
    const { ts } = this;
    node = this.unwrapped(node);
    if (ts.isIdentifier(node)) {
      if (this.zodNamespaces.has(node.text)) throw new NotPure('the zod namespace itself');
      if (params.has(node.text)) throw new NotPure(`the parameter ${node.text} used as a schema`);
      roots.add(node.text);
      return;
    }
    // `Schema.shape.field`: one of an object schema's fields (zod's `shape` getter only reads its definition).
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'shape'
    ) {
      return this.schemaExpression(node.expression.expression, roots, params);
    }
    if (!ts.isCallExpression(node)) throw new NotPure(`${this.kindName(node)} is not a schema expression`);
    const callee = this.unwrapped(node.expression);
    if (ts.isIdentifier(callee) && this.factories.has(callee.text) && !params.has(callee.text)) {
      this.factoryRoots(callee.text).forEach((root) => roots.add(root));
    } else if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      const builder = this.zodBuilder(callee);
      if (builder === 'lazy') return this.lazyArguments(node.arguments, roots, params);
      if (!builder) {
        if (NOT_PURE[method]) throw new NotPure(NOT_PURE[method]);
        if (!SCHEMA_METHODS.has(method)) throw new NotPure(`.${method}() is not a known schema method`);
        this.schemaExpression(callee.expression, roots, params);
      }
    } else {
      throw new NotPure(`a call of ${callee.getText(this.sourceFile)}`);
    }
    for (const argument of node.arguments) this.value(argument, roots, params);
  }

  /** `z.<builder>` or `z.iso.<builder>`: the builder's name; undefined when not on the zod namespace. */
  private zodBuilder(callee: ts.PropertyAccessExpression): string | undefined {
    const { ts } = this;
    const name = callee.name.text;
    const target = this.unwrapped(callee.expression);
    if (ts.isIdentifier(target) && this.zodNamespaces.has(target.text)) {
      if (NOT_PURE[name]) throw new NotPure(NOT_PURE[name]);
      if (!ZOD_BUILDERS.has(name)) throw new NotPure(`z.${name} is not a known schema builder`);
      return name;
    }
    if (
      ts.isPropertyAccessExpression(target) &&
      ts.isIdentifier(target.expression) &&
      this.zodNamespaces.has(target.expression.text)
    ) {
      if (NOT_PURE[target.name.text]) throw new NotPure(NOT_PURE[target.name.text]);
      const namespace = ZOD_BUILDER_NAMESPACES[target.name.text];
      if (!namespace?.has(name)) throw new NotPure(`z.${target.name.text}.${name} is not a known schema builder`);
      return name;
    }
    return undefined;
  }

  /** z.lazy's function runs when the schema is first used, maybe while another is built: it must be pure too. */
  private lazyArguments(args: ts.NodeArray<ts.Expression>, roots: Roots, params: ReadonlySet<string>): void {
    const [getter, ...rest] = args;
    if (!getter || rest.length > 0 || !this.ts.isArrowFunction(getter) || this.ts.isBlock(getter.body)) {
      throw new NotPure('z.lazy without an arrow function returning an expression');
    }
    this.value(getter.body, roots, params);
  }

  /** Throws NotPure unless evaluating `node` runs nothing but schema builders. */
  private value(node: ts.Expression, roots: Roots, params: ReadonlySet<string>): void {
    const { ts } = this;
    node = this.unwrapped(node);
    const read = (each: ts.Expression) => this.value(each, roots, params);
    if (readOnlyKindsOf(ts).has(node.kind)) return;
    if (ts.isTemplateExpression(node)) return node.templateSpans.forEach((span) => read(span.expression));
    if (ts.isPropertyAccessExpression(node)) return read(node.expression);
    if (ts.isElementAccessExpression(node)) return [node.expression, node.argumentExpression].forEach(read);
    if (ts.isArrayLiteralExpression(node)) {
      return node.elements.forEach((element) => read(ts.isSpreadElement(element) ? element.expression : element));
    }
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (property.name && ts.isComputedPropertyName(property.name)) read(property.name.expression);
        if (ts.isPropertyAssignment(property)) read(property.initializer);
        else if (ts.isSpreadAssignment(property)) read(property.expression);
        // A shorthand property reads an identifier; methods and accessors are functions, not run.
      }
      return;
    }
    if (ts.isConditionalExpression(node)) return [node.condition, node.whenTrue, node.whenFalse].forEach(read);
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment) {
        throw new NotPure('an assignment');
      }
      return [node.left, node.right].forEach(read);
    }
    if (ts.isPrefixUnaryExpression(node)) {
      if (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) {
        throw new NotPure('an increment');
      }
      return read(node.operand);
    }
    if (ts.isTypeOfExpression(node)) return read(node.expression);
    if (ts.isCallExpression(node)) return this.schemaExpression(node, roots, params);
    throw new NotPure(`${this.kindName(node)} in an argument`);
  }

  /** Parentheses and type-only wrappers (`as`, `satisfies`, `!`, `<T>x`) evaluate to what they wrap. */
  private unwrapped(node: ts.Expression): ts.Expression {
    const { ts } = this;
    while (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isTypeAssertionExpression(node)
    ) {
      node = node.expression;
    }
    return node;
  }

  private kindName(node: ts.Node): string {
    return this.ts.SyntaxKind[node.kind];
  }
}

/** Expressions whose evaluation reads a value and runs nothing: literals, identifiers, functions (not called). */
let readOnlyKinds: Set<ts.SyntaxKind> | undefined;
function readOnlyKindsOf(typescript: typeof ts): Set<ts.SyntaxKind> {
  const kind = typescript.SyntaxKind;
  readOnlyKinds ??= new Set([
    kind.StringLiteral,
    kind.NoSubstitutionTemplateLiteral,
    kind.NumericLiteral,
    kind.BigIntLiteral,
    kind.RegularExpressionLiteral,
    kind.TrueKeyword,
    kind.FalseKeyword,
    kind.NullKeyword,
    kind.Identifier,
    kind.ArrowFunction,
    kind.FunctionExpression,
  ]);
  return readOnlyKinds;
}

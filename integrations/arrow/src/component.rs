//! The components of a parsed URL that the kernel outputs: their names, order and Arrow types.

use arrow_schema::{DataType, Field, FieldRef};

/// One output column of the kernel.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialized URL.
    Href,
    /// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): scheme and ":".
    Protocol,
    /// The [username getter](https://url.spec.whatwg.org/#dom-url-username).
    Username,
    /// The [password getter](https://url.spec.whatwg.org/#dom-url-password).
    Password,
    /// The [host getter](https://url.spec.whatwg.org/#dom-url-host): hostname and ":port".
    Host,
    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname).
    Hostname,
    /// The [port getter](https://url.spec.whatwg.org/#dom-url-port): "" for the default port.
    Port,
    /// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
    Pathname,
    /// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
    Search,
    /// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
    Hash,
    /// The [origin getter](https://url.spec.whatwg.org/#dom-url-origin), serialized ("null"
    /// for an opaque origin).
    Origin,
    /// Whether the input is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string)
    /// against the base: the parse met no validation error (Boolean).
    Valid,
    /// The spec codes of the [validation errors](https://url.spec.whatwg.org/#validation-error)
    /// the parser met, in order (List of Utf8; empty when there are none).
    Errors,
    /// Null when the row parsed; otherwise why it failed, starting with the spec code when the
    /// spec names one (Utf8).
    Failure,
}

impl Component {
    /// Every component, in the order of the struct's fields.
    pub const ALL: [Component; 14] = [
        Component::Href,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
        Component::Origin,
        Component::Valid,
        Component::Errors,
        Component::Failure,
    ];

    /// The field's name: the getter's name, or `valid`, `errors`, `failure`.
    pub fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::Origin => "origin",
            Component::Valid => "valid",
            Component::Errors => "errors",
            Component::Failure => "failure",
        }
    }

    /// The component named `name` (one of [`Component::name`]'s).
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The Arrow type of the component's column, with Utf8 strings.
    pub fn data_type(self) -> DataType {
        self.data_type_in(StringLayout::Utf8)
    }

    /// The Arrow type of the component's column when its strings have `layout`.
    pub fn data_type_in(self, layout: StringLayout) -> DataType {
        match self {
            Component::Valid => DataType::Boolean,
            Component::Errors => DataType::List(Component::errors_item(layout)),
            _ => layout.data_type(),
        }
    }

    /// The component's field in the struct (every field is nullable: null rows are null), with
    /// Utf8 strings.
    pub fn field(self) -> Field {
        self.field_in(StringLayout::Utf8)
    }

    /// The component's field in the struct when its strings have `layout`.
    pub fn field_in(self, layout: StringLayout) -> Field {
        Field::new(self.name(), self.data_type_in(layout), true)
    }

    /// The item field of the `errors` list: a code is never null.
    pub(crate) fn errors_item(layout: StringLayout) -> FieldRef {
        Field::new_list_field(layout.data_type(), false).into()
    }
}

/// The layout of the kernel's string columns (every column but `valid`, and the codes of
/// `errors`).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StringLayout {
    /// Utf8: the values one after the other in one buffer, with 32-bit offsets (the default).
    #[default]
    Utf8,
    /// Utf8View: a 16-byte view per value, holding a value of up to 12 bytes itself and pointing
    /// into a buffer for a longer one. In the hostname column alone
    /// (`parse_component(.., Component::Hostname, ..)`), a host name the input holds as written
    /// points into the input's buffers, which the column then shares (all of them, from its
    /// first such value): no byte is copied. The input may have any of the three layouts; one of
    /// more than 4 GiB is copied from instead. The other columns' values are parts of the parsed
    /// URL, copied.
    Utf8View,
}

impl StringLayout {
    /// The Arrow type of a string column in this layout.
    pub fn data_type(self) -> DataType {
        match self {
            StringLayout::Utf8 => DataType::Utf8,
            StringLayout::Utf8View => DataType::Utf8View,
        }
    }
}

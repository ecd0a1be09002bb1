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

    /// The Arrow type of the component's column.
    pub fn data_type(self) -> DataType {
        match self {
            Component::Valid => DataType::Boolean,
            Component::Errors => DataType::List(Component::errors_item()),
            _ => DataType::Utf8,
        }
    }

    /// The component's field in the struct (every field is nullable: null rows are null).
    pub fn field(self) -> Field {
        Field::new(self.name(), self.data_type(), true)
    }

    /// The item field of the `errors` list: a code is never null.
    pub(crate) fn errors_item() -> FieldRef {
        Field::new_list_field(DataType::Utf8, false).into()
    }
}
